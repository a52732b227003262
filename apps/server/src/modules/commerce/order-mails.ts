import type { Lang } from '@ampelos/domain';
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

interface MailCopy {
  subject: (orderId: number) => string;
  greeting: (firstName: string) => string;
  intro: (orderId: number, customer: string, totalWithVat: string) => string;
  action: string;
  footer: string;
}

const COPY: Record<OrderMailKind, Record<Lang, MailCopy>> = {
  order_placed: {
    en: {
      subject: (id) => `Your Ampelos order ${id}: payment by wire transfer`,
      greeting: (n) => `Hello ${n},`,
      intro: (id, _c, total) =>
        `Thank you for your order ${id}. Please pay ${total} (VAT included) by wire transfer; the summary and the bank details follow.`,
      action: 'View your orders',
      footer:
        'We will let you know as soon as the payment is confirmed. The pro-forma invoice is in your orders.',
    },
    el: {
      subject: (id) => `Η παραγγελία σας ${id} στο Ampelos: πληρωμή με τραπεζική κατάθεση`,
      greeting: (n) => `Γεια σας ${n},`,
      intro: (id, _c, total) =>
        `Σας ευχαριστούμε για την παραγγελία ${id}. Παρακαλούμε καταθέστε ${total} (με ΦΠΑ) με τραπεζική μεταφορά· ακολουθούν η σύνοψη και τα τραπεζικά στοιχεία.`,
      action: 'Οι παραγγελίες σας',
      footer:
        'Θα σας ενημερώσουμε μόλις επιβεβαιωθεί η πληρωμή. Το προτιμολόγιο βρίσκεται στις παραγγελίες σας.',
    },
  },
  order_to_verify: {
    en: {
      subject: (id) => `New order ${id} to verify`,
      greeting: (n) => `Hello ${n},`,
      intro: (id, customer, total) =>
        `${customer} placed order ${id} for ${total} (VAT included), paid by wire transfer. Please verify the payment and mark the order complete.`,
      action: 'Open the orders',
      footer: 'You receive this because you manage orders on Ampelos.',
    },
    el: {
      subject: (id) => `Νέα παραγγελία ${id} προς επιβεβαίωση`,
      greeting: (n) => `Γεια σας ${n},`,
      intro: (id, customer, total) =>
        `Ο πελάτης ${customer} έκανε την παραγγελία ${id} ύψους ${total} (με ΦΠΑ), με τραπεζική κατάθεση. Ελέγξτε την πληρωμή και ολοκληρώστε την παραγγελία.`,
      action: 'Άνοιγμα παραγγελιών',
      footer: 'Λαμβάνετε αυτό το μήνυμα επειδή διαχειρίζεστε παραγγελίες στο Ampelos.',
    },
  },
  order_completed: {
    en: {
      subject: (id) => `Your Ampelos order ${id} is complete`,
      greeting: (n) => `Hello ${n},`,
      intro: (id) =>
        `We received the payment for order ${id}. Its reports are now processing and valid for one year from today.`,
      action: 'View your orders',
      footer: 'Your receipt or invoice is in your orders.',
    },
    el: {
      subject: (id) => `Η παραγγελία σας ${id} στο Ampelos ολοκληρώθηκε`,
      greeting: (n) => `Γεια σας ${n},`,
      intro: (id) =>
        `Λάβαμε την πληρωμή της παραγγελίας ${id}. Οι αναφορές της είναι πλέον σε επεξεργασία και ισχύουν για ένα έτος από σήμερα.`,
      action: 'Οι παραγγελίες σας',
      footer: 'Η απόδειξη ή το τιμολόγιό σας βρίσκεται στις παραγγελίες σας.',
    },
  },
};

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
  const copy = COPY[input.kind][lang];
  const texts = orderTexts(lang);
  const { order, user } = input.details;
  const customer = `${user.firstName} ${user.lastName} (${user.email})`;
  const total = formatMoney(input.summary.totalWithVat);
  const path = input.kind === 'order_to_verify' ? '/orders' : '/profile/orders';
  return renderMessage({
    lang,
    subject: copy.subject(order.id),
    greeting: copy.greeting(input.recipient.firstName),
    paragraphs: [
      copy.intro(order.id, customer, total),
      ...(input.kind === 'order_completed' ? [`${texts.status}: ${texts.statuses.complete}`] : []),
    ],
    rows: input.kind === 'order_completed' ? undefined : summaryRows(input.summary, texts),
    after: input.kind === 'order_placed' ? bankParagraphs(order.id, input.issuer, texts) : undefined,
    action: { label: copy.action, link: `${input.publicUrl}${path}` },
    footer: copy.footer,
    publicUrl: input.publicUrl,
  });
}
