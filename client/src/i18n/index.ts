import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadResources } from './resources';

export const LANGUAGES = ['et', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'et';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One i18next instance for the whole app; the language is switched by the router (see app/language.ts). */
export const i18n = i18next.createInstance();

const texts = loadResources();

void i18n.use(initReactI18next).init({
  resources: { et: { translation: texts.et! }, en: { translation: texts.en! } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The UI language as a narrow type (i18next stores it as a plain string). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

const LANGUAGE_STORAGE_KEY = 'lepinguturg.uiLanguage';

/** The last UI language the user had; language-neutral routes (/error) keep showing it. */
export function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the language still follows the path
  }
}
