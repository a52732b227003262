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

/** Each catalogue is its own chunk: a first visit fetches only the language it shows. */
const catalogues: Record<AppLang, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../i18n/en.json'),
  el: () => import('../i18n/el.json'),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = catalogues[language as AppLang];
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
    // Both catalogues have the same keys (translations.test.ts): no fallback language to fetch too.
    fallbackLng: false,
    supportedLngs: ['en', 'el'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// translateMessage needs the English texts: in Greek they are fetched after the Greek catalogue.
i18n.on('languageChanged', (lng) => {
  if (lng !== 'en') void i18n.loadLanguages('en');
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

let messageKeyByEnglish: Map<string, string> | undefined;

function messageKeyOf(text: string): string | undefined {
  if (!messageKeyByEnglish) {
    const messages = i18n.getResourceBundle('en', 'translation')?.messages as
      | Record<string, string>
      | undefined;
    if (!messages) return undefined;
    messageKeyByEnglish = new Map(Object.entries(messages).map(([key, english]) => [english, key]));
  }
  return messageKeyByEnglish.get(text);
}

/** Server and validation texts arrive in English; show the Greek text of known ones. */
export function translateMessage(text: string): string {
  const key = messageKeyOf(text);
  return key ? i18n.t(`messages.${key}`) : text;
}
