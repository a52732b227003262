import {
  ensureRoom,
  heading,
  type LineColumn,
  lineTable,
  openPdf,
  type PdfDoc,
  textColumn,
} from '../../platform/pdf/index.ts';
import { type OrderSummary, summariseOrder } from './order-summary.ts';
import {
  formatMoney,
  formatNumber,
  formatOrderDate,
  formatPercent,
  type OrderTexts,
  orderLang,
  orderTexts,
} from './order-texts.ts';
import type { OrderWithDetails } from './repository.ts';

/** Who sells and where to pay: from the server configuration. */
export interface OrderDocumentIssuer {
  seller: { name: string; address: string | null; vatId: string | null; taxAuthority: string | null };
  bank: { accountHolder: string; bankName: string | null; iban: string | null; bic: string | null };
  salesEmail: string;
}

const MARGIN = 50;
const SIZE = { title: 18, heading: 11, body: 9 } as const;
/** Columns of the lines table: x offset from the margin and width, in points. */
const COLUMNS = {
  field: { x: 0, width: 155 },
  service: { x: 160, width: 155 },
  shoots: { x: 320, width: 45, align: 'right' },
  hectares: { x: 370, width: 55, align: 'right' },
  price: { x: 430, width: 65, align: 'right' },
} as const satisfies Record<string, LineColumn>;

function titleOf(order: OrderWithDetails['order'], texts: OrderTexts): string {
  if (order.status !== 'complete') return texts.documentTitle.proForma;
  return order.transactionType === 'invoice' ? texts.documentTitle.invoice : texts.documentTitle.receipt;
}

/** The buyer block: the invoice details, or the customer with the billing address. */
function buyerLines(details: OrderWithDetails, texts: OrderTexts): string[] {
  const { order, user } = details;
  const invoice = order.paymentDetails;
  if (order.transactionType === 'invoice' && invoice) {
    return [
      invoice.firmTitle,
      invoice.firmActivity && `${texts.activity}: ${invoice.firmActivity}`,
      invoice.vatId && `${texts.vatId}: ${invoice.vatId}`,
      invoice.taxAuthority && `${texts.taxAuthority}: ${invoice.taxAuthority}`,
      invoice.address,
      [invoice.zipCode, invoice.city].filter(Boolean).join(' '),
      [invoice.state, invoice.country].filter(Boolean).join(', '),
      invoice.email && `${texts.email}: ${invoice.email}`,
      invoice.telephone && `${texts.telephone}: ${invoice.telephone}`,
    ].filter((line): line is string => Boolean(line));
  }
  const address = order.billingAddress ?? {};
  return [
    `${user.firstName} ${user.lastName}`,
    address.line_1,
    address.line_2,
    address.line_3,
    [address.zip_postcode, address.city].filter(Boolean).join(' '),
    [address.state, address.country].filter(Boolean).join(', '),
    `${texts.email}: ${user.email}`,
    user.mobile && `${texts.telephone}: ${user.mobile}`,
  ].filter((line): line is string => Boolean(line));
}

function linesTable(doc: PdfDoc, summary: OrderSummary, texts: OrderTexts) {
  lineTable(
    doc,
    COLUMNS,
    texts.columns,
    summary.lines.map((line) => ({
      field: line.fieldTitle,
      service: texts.services[line.service],
      shoots: String(line.shoots),
      hectares: formatNumber(line.hectares),
      price: formatMoney(line.price),
    })),
    { size: SIZE.body },
  );
}

function totals(doc: PdfDoc, summary: OrderSummary, texts: OrderTexts) {
  const rows: [string, string, boolean][] = [
    [texts.subtotal, formatMoney(summary.subtotal), false],
    [
      texts.volumeDiscount(formatPercent(summary.volumeDiscountPercent)),
      `−${formatMoney(summary.volumeDiscount)}`,
      false,
    ],
  ];
  if (summary.coupon) {
    rows.push([
      texts.coupon(summary.coupon.code, formatPercent(summary.coupon.percent)),
      `−${formatMoney(summary.coupon.amount)}`,
      false,
    ]);
  }
  rows.push(
    [texts.net, formatMoney(summary.net), true],
    [texts.vat, formatMoney(summary.vat), false],
    [texts.totalWithVat, formatMoney(summary.totalWithVat), true],
  );
  doc.moveDown(0.5);
  // The totals stay together on one page.
  ensureRoom(doc, rows.length * 16);
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(SIZE.body + 1);
    doc.text(label, MARGIN + 250, y, { width: 170, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + 425, y, { width: 70, align: 'right', lineBreak: false });
    doc.y = y + 16;
  }
}

function payment(doc: PdfDoc, details: OrderWithDetails, issuer: OrderDocumentIssuer, texts: OrderTexts) {
  const pending = details.order.status !== 'complete';
  ensureRoom(doc, 130);
  doc.moveDown(1);
  heading(doc, texts.bankDetails, { size: SIZE.heading, colour: 'black' });
  doc.font('regular').fontSize(SIZE.body);
  doc.text(`${texts.accountHolder}: ${issuer.bank.accountHolder}`);
  doc.text(`${texts.bank}: ${issuer.bank.bankName ?? '—'}`);
  doc.text(`${texts.iban}: ${issuer.bank.iban ?? '—'}`);
  doc.text(`${texts.bic}: ${issuer.bank.bic ?? '—'}`);
  doc.moveDown(0.5);
  if (pending) {
    doc.text(texts.reference(details.order.id), { width: 495 });
    doc.font('bold').text(texts.wireInstruction(issuer.salesEmail), { width: 495 });
    doc.font('regular').moveDown(0.5).text(texts.proFormaNote, { width: 495 });
  } else {
    doc.text(texts.paidNote, { width: 495 });
  }
}

/** The order's pro-forma invoice (pending payment) or receipt/invoice (complete), in `lang`. */
export function renderOrderPdf(
  details: OrderWithDetails,
  issuer: OrderDocumentIssuer,
  lang: string,
): Promise<Buffer> {
  const texts = orderTexts(lang);
  const { order } = details;
  const summary = summariseOrder(details);
  const title = titleOf(order, texts);
  const { doc, finish } = openPdf({
    margin: MARGIN,
    lang: orderLang(lang),
    info: { Title: `${title} — ${texts.order} ${order.id}`, Author: issuer.seller.name },
  });

  doc.font('bold').fontSize(SIZE.title).text(title, MARGIN, MARGIN);
  doc.font('regular').fontSize(SIZE.body + 1);
  const meta = [
    `${texts.order}: ${order.id}`,
    `${texts.date}: ${formatOrderDate(order.createdAt, lang)}`,
    `${texts.status}: ${texts.statuses[order.status === 'complete' ? 'complete' : 'pending_payment']}`,
  ];
  meta.forEach((line, index) => {
    doc.text(line, MARGIN + 295, MARGIN + index * 14, { width: 200, align: 'right', lineBreak: false });
  });

  const top = MARGIN + 60;
  const seller = [
    issuer.seller.name,
    issuer.seller.address,
    issuer.seller.vatId && `${texts.vatId}: ${issuer.seller.vatId}`,
    issuer.seller.taxAuthority && `${texts.taxAuthority}: ${issuer.seller.taxAuthority}`,
    `${texts.email}: ${issuer.salesEmail}`,
  ].filter((line): line is string => Boolean(line));
  const party = { titleSize: SIZE.heading, size: SIZE.body };
  const sellerEnd = textColumn(doc, { x: MARGIN, top, width: 230 }, texts.seller, seller, party);
  const buyerEnd = textColumn(
    doc,
    { x: MARGIN + 265, top, width: 230 },
    texts.buyer,
    buyerLines(details, texts),
    party,
  );
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  linesTable(doc, summary, texts);
  totals(doc, summary, texts);
  payment(doc, details, issuer, texts);
  return finish();
}
