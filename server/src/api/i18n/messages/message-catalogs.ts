import type { UiLanguage } from '../language';

/** One area's server texts: the same keys in Estonian and English. */
export type MessageCatalogs = Readonly<Record<UiLanguage, Readonly<Record<string, string>>>>;
