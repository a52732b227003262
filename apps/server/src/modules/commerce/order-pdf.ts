import PDFDocument from 'pdfkit';
import { loadPdfFonts } from '../../platform/pdf/fonts.ts';
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

const loadFonts = loadPdfFonts;

const MARGIN = 50;
const SIZE = { title: 18, heading: 11, body: 9 } as const;
/** Columns of the lines table: x offset from the margin and width, in points. */
const COLUMNS = {
  field: { x: 0, width: 155 },
  service: { x: 160, width: 155 },
  shoots: { x: 320, width: 45 },
  hectares: { x: 370, width: 55 },
  price: { x: 430, width: 65 },
} as const;

type Doc = PDFKit.PDFDocument;

/** Cuts a text to fit `width` at the current font, ending with an ellipsis. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Whether fewer than `needed` points remain on the page. */
const pageFull = (doc: Doc, needed: number) => doc.y + needed > doc.page.height - MARGIN;

/** Starts a new page when fewer than `needed` points remain. */
function ensureRoom(doc: Doc, needed: number) {
  if (pageFull(doc, needed)) doc.addPage();
}

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

/** A heading and single-line entries from (x, y); answers the y below the block. */
function partyBlock(doc: Doc, x: number, top: number, heading: string, lines: string[]) {
  doc.font('bold').fontSize(SIZE.heading).text(heading, x, top, { lineBreak: false });
  let y = top + doc.currentLineHeight(true) + 2;
  doc.font('regular').fontSize(SIZE.body);
  for (const line of lines) {
    // Without line breaking pdfkit does not move y, so the block keeps its own.
    doc.text(fit(doc, line, 230), x, y, { lineBreak: false });
    y += doc.currentLineHeight(true) + 1;
  }
  return y;
}

function linesTable(doc: Doc, summary: OrderSummary, texts: OrderTexts) {
  const row = (cells: Record<keyof typeof COLUMNS, string>, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(SIZE.body);
    for (const [key, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)['field'],
    ][]) {
      const numeric = key !== 'field' && key !== 'service';
      doc.text(fit(doc, cells[key], column.width), MARGIN + column.x, y, {
        width: column.width,
        align: numeric ? 'right' : 'left',
        lineBreak: false,
      });
    }
    doc.y = y + 15;
  };
  const header = () => {
    row(texts.columns, true);
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + 495, doc.y - 3)
      .stroke('#999999');
  };
  header();
  for (const line of summary.lines) {
    // A long order continues on the next page under the column headings again.
    if (pageFull(doc, 16)) {
      doc.addPage();
      header();
    }
    row({
      field: line.fieldTitle,
      service: texts.services[line.service],
      shoots: String(line.shoots),
      hectares: formatNumber(line.hectares),
      price: formatMoney(line.price),
    });
  }
}

function totals(doc: Doc, summary: OrderSummary, texts: OrderTexts) {
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

function payment(doc: Doc, details: OrderWithDetails, issuer: OrderDocumentIssuer, texts: OrderTexts) {
  const pending = details.order.status !== 'complete';
  ensureRoom(doc, 130);
  doc.moveDown(1);
  doc.font('bold').fontSize(SIZE.heading).text(texts.bankDetails, MARGIN);
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: orderLang(lang),
    info: { Title: `${title} — ${texts.order} ${order.id}`, Author: issuer.seller.name },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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
  const sellerEnd = partyBlock(doc, MARGIN, top, texts.seller, seller);
  const buyerEnd = partyBlock(doc, MARGIN + 265, top, texts.buyer, buyerLines(details, texts));
  doc.y = Math.max(sellerEnd, buyerEnd) + 20;

  linesTable(doc, summary, texts);
  totals(doc, summary, texts);
  payment(doc, details, issuer, texts);
  doc.end();
  return done;
}
