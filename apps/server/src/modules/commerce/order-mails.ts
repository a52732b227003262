import type { MessageParams } from '@ampelos/domain';
import { textsIn } from '../../platform/i18n/index.ts';
import { type MessageParts, type RenderedEmail, renderMessage } from '../../platform/mail/templates.ts';
import type { OrderDocumentIssuer } from './order-pdf.ts';
import type { OrderSummary } from './order-summary.ts';
import {
  formatMoney,
  formatNumber,
  formatPercent,
  type OrderTexts,
  orderLang,
  orderTexts,
} from './order-texts.ts';
import type { OrderWithDetails } from './repository.ts';

export type OrderMailKind = 'order_placed' | 'order_to_verify' | 'order_completed';

/** The order's lines and totals as label/value rows. */
function summaryRows(summary: OrderSummary, texts: OrderTexts): MessageParts['rows'] {
  return [
    ...summary.lines.map((line) => ({
      label: `${line.fieldTitle} — ${texts.services[line.service]}, ${line.shoots} × ${formatNumber(line.hectares)} ha`,
      value: formatMoney(line.price),
    })),
    { label: texts.subtotal, value: formatMoney(summary.subtotal) },
    {
      label: texts.volumeDiscount(formatPercent(summary.volumeDiscountPercent)),
      value: `−${formatMoney(summary.volumeDiscount)}`,
    },
    ...(summary.coupon
      ? [
          {
            label: texts.coupon(summary.coupon.code, formatPercent(summary.coupon.percent)),
            value: `−${formatMoney(summary.coupon.amount)}`,
          },
        ]
      : []),
    { label: texts.net, value: formatMoney(summary.net), strong: true },
    { label: texts.vat, value: formatMoney(summary.vat) },
    { label: texts.totalWithVat, value: formatMoney(summary.totalWithVat), strong: true },
  ];
}

function bankParagraphs(orderId: number, issuer: OrderDocumentIssuer, texts: OrderTexts): string[] {
  const { bank } = issuer;
  return [
    `${texts.bankDetails}: ${texts.accountHolder} ${bank.accountHolder} · ${texts.bank} ${bank.bankName ?? '—'} · ${texts.iban} ${bank.iban ?? '—'} · ${texts.bic} ${bank.bic ?? '—'}`,
    texts.reference(orderId),
    texts.wireInstruction(issuer.salesEmail),
  ];
}

export interface OrderMailInput {
  kind: OrderMailKind;
  recipient: { firstName: string; lang: string };
  details: OrderWithDetails;
  summary: OrderSummary;
  issuer: OrderDocumentIssuer;
  publicUrl: string;
}

/** Renders one order e-mail in the recipient's language; links to the orders screen, attaches nothing. */
export function renderOrderMail(input: OrderMailInput): RenderedEmail {
  const lang = orderLang(input.recipient.lang);
  const t = textsIn(lang, 'orders');
  const copy = (name: string, params?: MessageParams) => t(`mails.${input.kind}.${name}`, params);
  const texts = orderTexts(lang);
  const { order, user } = input.details;
  const customer = `${user.firstName} ${user.lastName} (${user.email})`;
  const total = formatMoney(input.summary.totalWithVat);
  const path = input.kind === 'order_to_verify' ? '/orders' : '/profile/orders';
  return renderMessage({
    lang,
    subject: copy('subject', { orderId: order.id }),
    greeting: textsIn(lang, 'mail')('greeting', { name: input.recipient.firstName }),
    paragraphs: [
      copy('intro', { orderId: order.id, customer, total }),
      ...(input.kind === 'order_completed' ? [`${texts.status}: ${texts.statuses.complete}`] : []),
    ],
    rows: input.kind === 'order_completed' ? undefined : summaryRows(input.summary, texts),
    after: input.kind === 'order_placed' ? bankParagraphs(order.id, input.issuer, texts) : undefined,
    action: { label: copy('action'), link: `${input.publicUrl}${path}` },
    footer: copy('footer'),
    publicUrl: input.publicUrl,
  });
}
