import { CURRENCY, type Lang, NUMBER_LOCALE, SERVICES, type Service, VAT_RATE } from '@ampelos/domain';
import { textsIn } from '../../platform/i18n/index.ts';

/** Labels of the order PDF and e-mails, in the customer's language. */
export interface OrderTexts {
  documentTitle: { proForma: string; receipt: string; invoice: string };
  order: string;
  date: string;
  status: string;
  statuses: Record<'pending_payment' | 'complete', string>;
  seller: string;
  buyer: string;
  vatId: string;
  taxAuthority: string;
  activity: string;
  telephone: string;
  email: string;
  columns: { field: string; service: string; shoots: string; hectares: string; price: string };
  services: Record<Service, string>;
  subtotal: string;
  volumeDiscount: (percent: string) => string;
  coupon: (code: string, percent: string) => string;
  net: string;
  vat: string;
  totalWithVat: string;
  pricesExcludeVat: string;
  bankDetails: string;
  accountHolder: string;
  bank: string;
  iban: string;
  bic: string;
  reference: (orderId: number) => string;
  wireInstruction: (salesEmail: string) => string;
  proFormaNote: string;
  paidNote: string;
}

const VAT_PERCENT = Math.round(VAT_RATE * 100);

/** The labels from the catalogue's `orders` namespace, in the shape the PDF and the e-mails read. */
function textsOf(lang: Lang): OrderTexts {
  const t = textsIn(lang, 'orders');
  const each = <K extends string>(prefix: string, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, t(`${prefix}.${key}`)])) as Record<K, string>;
  return {
    documentTitle: each('documentTitle', ['proForma', 'receipt', 'invoice']),
    order: t('order'),
    date: t('date'),
    status: t('status'),
    statuses: each('statuses', ['pending_payment', 'complete']),
    seller: t('seller'),
    buyer: t('buyer'),
    vatId: t('vatId'),
    taxAuthority: t('taxAuthority'),
    activity: t('activity'),
    telephone: t('telephone'),
    email: t('email'),
    columns: each('columns', ['field', 'service', 'shoots', 'hectares', 'price']),
    services: each('services', SERVICES),
    subtotal: t('subtotal'),
    volumeDiscount: (percent) => t('volumeDiscount', { percent }),
    coupon: (code, percent) => t('coupon', { code, percent }),
    net: t('net'),
    vat: t('vat', { percent: VAT_PERCENT }),
    totalWithVat: t('totalWithVat'),
    pricesExcludeVat: t('pricesExcludeVat'),
    bankDetails: t('bankDetails'),
    accountHolder: t('accountHolder'),
    bank: t('bank'),
    iban: t('iban'),
    bic: t('bic'),
    reference: (orderId) => t('reference', { orderId }),
    wireInstruction: (salesEmail) => t('wireInstruction', { salesEmail }),
    proFormaNote: t('proFormaNote'),
    paidNote: t('paidNote'),
  };
}

const TEXTS: Record<Lang, OrderTexts> = { en: textsOf('en'), el: textsOf('el') };

export const orderLang = (lang: string): Lang => (lang === 'el' ? 'el' : 'en');
export const orderTexts = (lang: string): OrderTexts => TEXTS[orderLang(lang)];

const money = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY });
/** EUR with the US number format in both languages (spec section 9): €12,345.60. */
export const formatMoney = (value: number) => money.format(value);

const number = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
export const formatNumber = (value: number) => number.format(value);
export const formatPercent = (value: number) => `${number.format(value)}%`;

/** A calendar date in the customer's language, in Greek time (the seller's). */
export function formatOrderDate(value: Date, lang: string): string {
  return new Intl.DateTimeFormat(orderLang(lang) === 'el' ? 'el-GR' : 'en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/Athens',
  }).format(value);
}
