/**
 * Languages of the app (issue 7): Czech, Slovak, Polish and English, one JSON file each in locales/.
 * i18next picks the browser's language (navigator.languages) unless the person chose one, which is
 * remembered in localStorage. Plural forms come from Intl.PluralRules: "_one/_few/_many/_other" keys
 * (Czech and Slovak: 1 / 2–4 / 5+; Polish: 1 / 2–4, 22–24 / 5+).
 */
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import cs from './locales/cs.json';
import en from './locales/en.json';
import pl from './locales/pl.json';
import sk from './locales/sk.json';

export const LANGUAGES = ['cs', 'sk', 'pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RESOURCES = { en, cs, sk, pl } as const;

/** BCP 47 tag for speech and number formatting. */
export const SPEECH_TAG: Record<Language, string> = { cs: 'cs-CZ', sk: 'sk-SK', pl: 'pl-PL', en: 'en-GB' };

export function createI18n(lng?: Language): I18n {
  const instance = i18next.createInstance();
  if (!lng) instance.use(LanguageDetector);
  instance.use(initReactI18next);
  void instance.init({
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([k, v]) => [k, { translation: v }])),
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: { order: ['localStorage', 'navigator'], caches: ['localStorage'], lookupLocalStorage: 'pips.language' },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

export function currentLanguage(i: I18n): Language {
  const l = (i.resolvedLanguage ?? i.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en';
}
