import i18next, { type BackendModule, type i18n as I18n, type TFunction } from 'i18next';
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { loadScreenArea, type Resources, SCREEN_AREAS, SHELL_AREAS, shellResources } from './resources';

export const LANGUAGES = ['et', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'et';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One i18next instance for the whole app; the language follows the location (app/layout/LanguageSync.tsx). */
export const i18n = i18next.createInstance();

/** The shell's texts: i18next's default namespace. Each screen area is a namespace of its own. */
const SHELL_NAMESPACE = 'translation';

/**
 * Loads a screen area's texts in a language, as i18next asks for them (one namespace per area, so
 * i18next knows what is loaded), and adds them to the shell's namespace as well, which every
 * component reads: a text is found with one lookup, not by trying each area in turn. (Each key is
 * defined in one area only, so nothing is overwritten.) i18next hears of the area only after this, so
 * a language switch completes with its screens' texts in place.
 */
const screenAreas: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, area, callback) => {
    loadScreenArea(language, area).then(
      (texts) => {
        addToShellNamespace(language, texts);
        callback(null, texts);
      },
      (error: Error) => callback(error, false),
    );
  },
};

function addToShellNamespace(language: string, texts: Resources): void {
  i18n.addResourceBundle(language, SHELL_NAMESPACE, texts, true, false);
}

const shell = shellResources();

void i18n.use(screenAreas).init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [language, { [SHELL_NAMESPACE]: shell[language]! }]),
  ),
  partialBundledLanguages: true,
  ns: [SHELL_NAMESPACE],
  defaultNS: SHELL_NAMESPACE,
  lng: DEFAULT_LANGUAGE,
  // Every text exists in both languages (i18n.test.ts): no language falls back on the other, so a
  // screen loads its areas in the current language only.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // i18next's notice in the browser's console on every page load.
  showSupportNotice: false,
});

/** The language a switch is loading texts for (i18next switches once they are there), if any. */
let switchingTo: string | null = null;
i18n.on('languageChanging', (language: string) => (switchingTo = language));
i18n.on('languageChanged', () => (switchingTo = null));

/**
 * Loads the text areas a screen shows (locales/<language>/<area>.json) in the current language, and in
 * the language the UI is switching to, if it is; every later switch loads them in the new language
 * before it switches. The shell's areas are always there. An unknown area is an error, not a page of
 * raw keys.
 */
export async function loadTextAreas(areas: readonly string[]): Promise<void> {
  const unknown = areas.filter((area) => !SHELL_AREAS.includes(area) && !SCREEN_AREAS.includes(area));
  if (unknown.length > 0) throw new Error(`No texts for the areas ${unknown.join(', ')}`);
  const toLoad = areas.filter((area) => SCREEN_AREAS.includes(area));
  if (toLoad.length === 0) return;
  await i18n.loadNamespaces(toLoad);
  if (switchingTo && switchingTo !== i18n.language) await i18n.loadLanguages(switchingTo);
}

/**
 * Adds text areas that came with the page's own script (app/start.tsx), in its language, as if loaded:
 * they are not downloaded again, and a language switch loads them in the other language as it does
 * the areas of a screen loaded later.
 */
export function addTextAreas(language: Language, texts: Readonly<Record<string, Resources>>): void {
  const areas = Object.keys(texts);
  const unknown = areas.filter((area) => !SCREEN_AREAS.includes(area));
  if (unknown.length > 0) throw new Error(`No texts for the areas ${unknown.join(', ')}`);
  for (const area of areas) {
    i18n.addResourceBundle(language, area, texts[area]);
    addToShellNamespace(language, texts[area]!);
  }
}

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

function onLanguageChanged(notify: () => void): () => void {
  i18n.on('languageChanged', notify);
  return () => i18n.off('languageChanged', notify);
}
const languageNow = () => i18n.language;

/** Texts remembered per language before the memory starts over (a page asks for a few hundred). */
const REMEMBERED_TEXTS = 5_000;

/**
 * The key and options of a lookup as one string, when the options are plain values (numbers, strings,
 * booleans) that fully decide the text; null otherwise (nested objects, functions).
 */
function lookupKey(key: string, options: unknown): string | null {
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return null;
    id += `\u0000${name}\u0000${String(value)}`;
  }
  return id;
}

const PLACEHOLDER = /\{\{(.*?)\}\}/g;
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * A text whose options only fill its `{{name}}` placeholders, written here without i18next: the same
 * text i18next makes (i18n.test.tsx compares the two on every text), at a fraction of the cost of its
 * lookup, which resolves options, plural rules and formats first. A `count` is a plain value for a text
 * without plural forms, and a `defaultValue` is not needed for a text that exists. Undefined when
 * i18next has more to do: an unknown key, plural forms, nesting ($t), formats or unescaping in a
 * placeholder, a placeholder without a value, or any other option (context, ordinal, lng, …).
 */
export function plainText(language: string, key: string, options?: object): string | undefined {
  if (key.includes(':')) return undefined;
  const raw: unknown = i18n.getResource(language, SHELL_NAMESPACE, key);
  if (typeof raw !== 'string' || raw.includes('$t(')) return undefined;
  const values = (options ?? {}) as Record<string, unknown>;
  const hasPlurals = () =>
    PLURAL_SUFFIXES.some(
      (suffix) => i18n.getResource(language, SHELL_NAMESPACE, `${key}_${suffix}`) !== undefined,
    );
  if ('count' in values && hasPlurals()) return undefined;
  let complete = true;
  const text = raw.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = values[name];
    const plain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (!/^\w+$/.test(name) || !plain || name === 'context') {
      complete = false;
      return placeholder;
    }
    return String(value);
  });
  if (!complete) return undefined;
  // Each option a placeholder of the text, a count or a default, and nothing else.
  const names = new Set([...raw.matchAll(PLACEHOLDER)].map(([, inner]) => inner!.trim()));
  names.add('count').add('defaultValue');
  return Object.keys(values).every((name) => names.has(name)) ? text : undefined;
}

/**
 * A text, once found, per language and options: a page of 20 search results asks for the same few texts
 * hundreds of times (its chips differ only in a language or a year), and each i18next lookup resolves,
 * formats and interpolates anew. A key not found (yet: its screen area still loading) is not remembered,
 * nor is a text that came from `defaultValue`. Texts are never replaced (each key lives in one area), so
 * a remembered text stays right.
 */
const translators = new Map<string, TFunction>();
function translatorFor(language: string): TFunction {
  let translate = translators.get(language);
  if (!translate) {
    // TFunction is a branded overload set: the wrapper takes and passes on its arguments as they come.
    const fixed = i18n.getFixedT(language) as unknown as (...args: unknown[]) => string;
    const found = new Map<string, string>();
    const remembering = (...args: unknown[]): string => {
      const [key, options] = args;
      const id = args.length <= 2 && typeof key === 'string' ? lookupKey(key, options) : null;
      if (id === null) return fixed(...args);
      let text = found.get(id);
      if (text === undefined) {
        text = plainText(language, key as string, options as object | undefined) ?? fixed(...args);
        const fallback = (options as { defaultValue?: unknown } | undefined)?.defaultValue;
        if (text !== key && text !== fallback) {
          if (found.size >= REMEMBERED_TEXTS) found.clear();
          found.set(id, text);
        }
      }
      return text;
    };
    translate = remembering as unknown as TFunction;
    translators.set(language, translate);
  }
  return translate;
}

/** The UI language, given once at the app's root (LanguageProvider) to every component that reads texts. */
const LanguageContext = createContext<string | null>(null);

/**
 * Follows i18next's language for the components inside, which read it through useTranslation: one
 * subscription at the root instead of one per component (a page of search results has a hundred
 * components that read texts, each of which would otherwise subscribe and unsubscribe on its own).
 * The server renders each page in its own language, given here: i18next's language is one for the
 * whole process, and requests in both languages render at once.
 */
export function LanguageProvider({ children, language }: { children: ReactNode; language?: Language }) {
  const followed = useSyncExternalStore(onLanguageChanged, languageNow, languageNow);
  return createElement(LanguageContext.Provider, { value: language ?? followed }, children);
}

/** The language the components inside a LanguageProvider render in (outside one, i18next's of the moment). */
function useLanguageOfContext(): string {
  return useContext(LanguageContext) ?? i18n.language;
}

/**
 * The current language's texts for a component, re-rendering it when the language changes (inside a
 * LanguageProvider; outside one, the language of the moment): what react-i18next's useTranslation gives,
 * without its per-component copy of the i18next instance (README "Performance of the pages"). `t`
 * changes with the language, so memoised components see the switch.
 */
export function useTranslation(): { t: TFunction; i18n: I18n; language: Language } {
  const language = useLanguageOfContext();
  return { t: translatorFor(language), i18n, language: isLanguage(language) ? language : DEFAULT_LANGUAGE };
}

/** The language the component renders in, re-rendering it when the language changes. */
export function useLanguage(): Language {
  const language = useLanguageOfContext();
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
