import elErrors from './el/errors.json';
import elMail from './el/mail.json';
import elOrders from './el/orders.json';
import elPdf from './el/pdf.json';
import elWeb from './el/web.json';
import enMail from './en/mail.json';
import enOrders from './en/orders.json';
import enPdf from './en/pdf.json';
import enWeb from './en/web.json';
import { ERROR_TEXTS_EN } from './error-texts.ts';

/**
 * The one translation catalogue of Ampelos, by language and namespace: `web` (the app's screens),
 * `errors` (every message the API answers or a form shows; English = the domain's constants) and
 * `mail` (the server's e-mails), `orders` (the order documents and e-mails), `pdf` (the report PDF:
 * `report` and its satellite, weather and soil pages `agro`; the flight guide `guide`). The server
 * loads all of it; the web loads `web` and `errors` of the language it shows, one chunk each
 * (`apps/web/src/lib/i18n.ts`). Not in the package's barrel, so the web bundle never takes every
 * language at once.
 */
export const CATALOGUE = {
  en: { web: enWeb, errors: ERROR_TEXTS_EN, mail: enMail, orders: enOrders, pdf: enPdf },
  el: { web: elWeb, errors: elErrors, mail: elMail, orders: elOrders, pdf: elPdf },
} as const;

export const NAMESPACES = ['web', 'errors', 'mail', 'orders', 'pdf'] as const;
export type Namespace = (typeof NAMESPACES)[number];
