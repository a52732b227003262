import { CURRENCY, type Lang, NUMBER_LOCALE, type Service, VAT_RATE } from '@ampelos/domain';

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

const TEXTS: Record<Lang, OrderTexts> = {
  en: {
    documentTitle: { proForma: 'Pro-forma invoice', receipt: 'Receipt', invoice: 'Invoice' },
    order: 'Order',
    date: 'Date',
    status: 'Status',
    statuses: { pending_payment: 'Pending Confirmation', complete: 'Complete' },
    seller: 'Seller',
    buyer: 'Buyer',
    vatId: 'VAT id',
    taxAuthority: 'Tax authority',
    activity: 'Activity',
    telephone: 'Telephone',
    email: 'E-mail',
    columns: { field: 'Field', service: 'Service', shoots: 'Shoots', hectares: 'Hectares', price: 'Price' },
    services: { e2e: 'End to End', manual: 'Bring Your Own Images' },
    subtotal: 'Subtotal',
    volumeDiscount: (percent) => `Volume discount (${percent})`,
    coupon: (code, percent) => `Coupon ${code} (${percent})`,
    net: 'Net amount',
    vat: `VAT ${VAT_PERCENT}%`,
    totalWithVat: 'Total with VAT',
    pricesExcludeVat: 'Prices exclude VAT.',
    bankDetails: 'Bank details for the wire transfer',
    accountHolder: 'Account holder',
    bank: 'Bank',
    iban: 'IBAN',
    bic: 'BIC',
    reference: (orderId) => `Please write "Order ${orderId}" as the payment reference.`,
    wireInstruction: (salesEmail) =>
      `To complete the order, please e-mail the bank transfer report to ${salesEmail}.`,
    proFormaNote: 'This pro-forma invoice is a request for payment, not a tax document.',
    paidNote: 'Payment received. Thank you for your order.',
  },
  el: {
    documentTitle: { proForma: 'Προτιμολόγιο', receipt: 'Απόδειξη', invoice: 'Τιμολόγιο' },
    order: 'Παραγγελία',
    date: 'Ημερομηνία',
    status: 'Κατάσταση',
    statuses: { pending_payment: 'Σε αναμονή επιβεβαίωσης', complete: 'Ολοκληρώθηκε' },
    seller: 'Πωλητής',
    buyer: 'Αγοραστής',
    vatId: 'ΑΦΜ',
    taxAuthority: 'ΔΟΥ',
    activity: 'Δραστηριότητα',
    telephone: 'Τηλέφωνο',
    email: 'E-mail',
    columns: {
      field: 'Αγροτεμάχιο',
      service: 'Υπηρεσία',
      shoots: 'Λήψεις',
      hectares: 'Εκτάρια',
      price: 'Τιμή',
    },
    services: { e2e: 'Ολοκληρωμένη υπηρεσία (E2E)', manual: 'Δικές σας εικόνες (BYOI)' },
    subtotal: 'Μερικό σύνολο',
    volumeDiscount: (percent) => `Έκπτωση όγκου (${percent})`,
    coupon: (code, percent) => `Κουπόνι ${code} (${percent})`,
    net: 'Καθαρό ποσό',
    vat: `ΦΠΑ ${VAT_PERCENT}%`,
    totalWithVat: 'Σύνολο με ΦΠΑ',
    pricesExcludeVat: 'Οι τιμές δεν περιλαμβάνουν ΦΠΑ.',
    bankDetails: 'Τραπεζικά στοιχεία για την κατάθεση',
    accountHolder: 'Δικαιούχος',
    bank: 'Τράπεζα',
    iban: 'IBAN',
    bic: 'BIC',
    reference: (orderId) => `Γράψτε «Παραγγελία ${orderId}» ως αιτιολογία της κατάθεσης.`,
    wireInstruction: (salesEmail) =>
      `Για να ολοκληρωθεί η παραγγελία, στείλτε το αποδεικτικό της τραπεζικής κατάθεσης στο ${salesEmail}.`,
    proFormaNote: 'Το προτιμολόγιο είναι αίτημα πληρωμής και όχι φορολογικό στοιχείο.',
    paidNote: 'Η πληρωμή παραλήφθηκε. Σας ευχαριστούμε για την παραγγελία σας.',
  },
};

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
