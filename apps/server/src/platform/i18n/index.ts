import type { Lang, MessageParams } from '@ampelos/domain';
import { CATALOGUE, NAMESPACES } from '@ampelos/domain/i18n';
import i18next from 'i18next';

/**
 * The server's i18next instance over the shared catalogue (`packages/domain/src/i18n`): every language
 * and namespace loaded at start, synchronously, so mails, PDFs and answers translate without waiting.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: CATALOGUE,
  ns: [...NAMESPACES],
  defaultNS: 'errors',
  lng: 'en',
  fallbackLng: false,
  supportedLngs: ['en', 'el'],
  // Texts go into plain text, PDFs and e-mails that escape their HTML themselves.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The text of `key` (`namespace:path`) in `lang`. A key missing from the catalogue is a programming
 * error (the catalogue test keeps both languages complete), so it throws instead of printing the key.
 */
export function translate(lang: Lang, key: string, params?: MessageParams): string {
  if (!instance.exists(key, { ...params, lng: lang })) throw new Error(`No ${lang} text for ${key}`);
  return instance.t(key, { ...params, lng: lang });
}

/** `translate` bound to one language and namespace: `const t = textsIn('el', 'mail'); t('greeting', {...})`. */
export function textsIn(lang: Lang, namespace: (typeof NAMESPACES)[number]) {
  return (key: string, params?: MessageParams) => translate(lang, `${namespace}:${key}`, params);
}

/** The texts of `keys` under `prefix` (`prefix.key`), as a record by key: a document's fixed labels. */
export function textsOf<K extends string>(
  t: ReturnType<typeof textsIn>,
  prefix: string,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(`${prefix}.${key}`)])) as Record<K, string>;
}

/**
 * The texts stored under `key` as they are (objects and lists of texts): for a document whose
 * structure is itself content, such as the flight guide's sections. Throws on a missing key.
 */
export function translateTree<T>(lang: Lang, key: string): T {
  const tree = instance.t(key, { lng: lang, returnObjects: true }) as unknown;
  if (typeof tree !== 'object' || tree === null) throw new Error(`No ${lang} texts under ${key}`);
  return tree as T;
}
