import { ERROR_TEXTS_EN, errorKeyOf, type KeyedMessage } from '@ampelos/domain';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type AppLang = 'en' | 'el';
const ANONYMOUS_LANG_KEY = 'ampelos.lang';

function storedAnonymousLang(): AppLang {
  try {
    return globalThis.localStorage?.getItem(ANONYMOUS_LANG_KEY) === 'el' ? 'el' : 'en';
  } catch {
    return 'en';
  }
}

/** The language the app starts in, before the user (if any) is loaded. */
export const initialLang: AppLang = storedAnonymousLang();

type Namespace = 'web' | 'errors';
type Loader = () => Promise<{ default: ResourceKey }>;

/**
 * The shared catalogue (`packages/domain/src/i18n`), one chunk per language and namespace: a first
 * visit fetches only the language it shows. English `errors` are the domain's message constants,
 * already in the bundle with the schemas that use them.
 */
const catalogues: Record<AppLang, Record<Namespace, Loader>> = {
  en: {
    web: () => import('@ampelos/domain/i18n/en/web.json'),
    errors: () => Promise.resolve({ default: ERROR_TEXTS_EN as unknown as ResourceKey }),
  },
  el: {
    web: () => import('@ampelos/domain/i18n/el/web.json'),
    errors: () => import('@ampelos/domain/i18n/el/errors.json'),
  },
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = catalogues[language as AppLang]?.[namespace as Namespace];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n = i18next.createInstance();
void i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: initialLang,
    ns: ['web', 'errors'],
    defaultNS: 'web',
    // Both languages have the same keys (domain i18n/catalogue.test.ts): no fallback language to fetch too.
    fallbackLng: false,
    supportedLngs: ['en', 'el'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Signed-in users follow `user.lang`; English unless it is exactly 'el'. */
export function applyUserLang(lang: string | null | undefined): void {
  const next: AppLang = lang === 'el' ? 'el' : 'en';
  if (i18n.language !== next) void i18n.changeLanguage(next);
}

/** The switch offered on anonymous pages; remembered on this device only. */
export function setAnonymousLang(lang: AppLang): void {
  try {
    globalThis.localStorage?.setItem(ANONYMOUS_LANG_KEY, lang);
  } catch {
    // storage may be blocked; the switch still applies to this page view
  }
  void i18n.changeLanguage(lang);
}

export function currentLang(): AppLang {
  return i18n.language === 'el' ? 'el' : 'en';
}

/** A message the API answered, by its catalogue key (`errors:…`) and parameters; its own text when it has no key. */
export function translateAnswer(message: KeyedMessage): string {
  if (message.key && i18n.exists(message.key)) return i18n.t(message.key, message.params ?? {});
  return message.msg;
}

/**
 * A domain message constant the web itself shows (a form's zod issue, a warning it renders), in the
 * current language: the key is the constant's place in the catalogue (`errorKeyOf`), never a copy
 * of its English kept here.
 */
export function translateMessage(text: string): string {
  const key = errorKeyOf(text);
  return key ? i18n.t(key) : text;
}
