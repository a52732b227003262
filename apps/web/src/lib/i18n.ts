import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import el from '../i18n/el.json';
import en from '../i18n/en.json';

export type AppLang = 'en' | 'el';
const ANONYMOUS_LANG_KEY = 'ampelos.lang';

function storedAnonymousLang(): AppLang {
  try {
    return globalThis.localStorage?.getItem(ANONYMOUS_LANG_KEY) === 'el' ? 'el' : 'en';
  } catch {
    return 'en';
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, el: { translation: el } },
  lng: storedAnonymousLang(),
  fallbackLng: 'en',
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

const messageKeyByEnglish = new Map(Object.entries(en.messages).map(([key, text]) => [text, key]));

/** Server and validation texts arrive in English; show the Greek text of known ones. */
export function translateMessage(text: string): string {
  const key = messageKeyByEnglish.get(text);
  return key ? i18n.t(`messages.${key}`) : text;
}
