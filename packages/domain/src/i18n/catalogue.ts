import elErrors from './el/errors.json';
import elMail from './el/mail.json';
import elOrders from './el/orders.json';
import elWeb from './el/web.json';
import enMail from './en/mail.json';
import enOrders from './en/orders.json';
import enWeb from './en/web.json';
import { ERROR_TEXTS_EN } from './error-texts.ts';

/**
 * The one translation catalogue of Ampelos, by language and namespace: `web` (the app's screens),
 * `errors` (every message the API answers or a form shows; English = the domain's constants) and
 * `mail` (the server's e-mails), `orders` (the order documents and e-mails). The server loads all of it; the web loads `web` and `errors` of the
 * language it shows, one chunk each (`apps/web/src/lib/i18n.ts`). Not in the package's barrel, so the
 * web bundle never takes every language at once.
 */
export const CATALOGUE = {
  en: { web: enWeb, errors: ERROR_TEXTS_EN, mail: enMail, orders: enOrders },
  el: { web: elWeb, errors: elErrors, mail: elMail, orders: elOrders },
} as const;

export const NAMESPACES = ['web', 'errors', 'mail', 'orders'] as const;
export type Namespace = (typeof NAMESPACES)[number];
