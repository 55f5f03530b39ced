import type { MessageRef } from '../../domain/shared/domain-error';
import type { UiLanguage } from './language';
import { BUYING_MESSAGES } from './messages/buying.messages';
import { COMMON_MESSAGES } from './messages/common.messages';
import { DOCUMENTS_MESSAGES } from './messages/documents.messages';
import type { MessageCatalogs } from './messages/message-catalogs';
import { MONEY_MESSAGES } from './messages/money.messages';
import { IDENTITY_MESSAGES } from './messages/identity.messages';
import { SECURITY_MESSAGES } from './messages/security.messages';
import { SEARCH_MESSAGES } from './messages/search.messages';

type Catalog = Readonly<Record<string, string>>;

/**
 * Server-side texts for every error code and field message; the client holds the same keys. One file
 * per area under messages/, merged here; a key defined in two areas stops the server at start.
 */
const AREAS: readonly MessageCatalogs[] = [
  COMMON_MESSAGES,
  DOCUMENTS_MESSAGES,
  SECURITY_MESSAGES,
  IDENTITY_MESSAGES,
  SEARCH_MESSAGES,
  MONEY_MESSAGES,
  BUYING_MESSAGES,
];

function merge(language: UiLanguage): Catalog {
  const merged: Record<string, string> = {};
  for (const area of AREAS) {
    for (const [key, text] of Object.entries(area[language])) {
      if (key in merged) throw new Error(`Server message ${key} is defined twice`);
      merged[key] = text;
    }
  }
  return merged;
}

const MESSAGES: Readonly<Record<UiLanguage, Catalog>> = { en: merge('en'), et: merge('et') };

/** Every key that has a text; a test checks both languages hold the same keys. */
export const messageKeys = (language: UiLanguage): string[] => Object.keys(MESSAGES[language]);

/**
 * The text for a key in the language, with {0}-style parameters filled in; the key itself when unknown.
 * A parameter that is itself a key (a TARGET2 closing day's name, say) is translated too.
 */
export function translate(language: UiLanguage, ref: MessageRef | string): string {
  const { key, params } = typeof ref === 'string' ? { key: ref, params: undefined } : ref;
  const template = MESSAGES[language][key] ?? MESSAGES.et[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!params || !(name in params)) return match;
    const value = String(params[name]);
    return MESSAGES[language][value] ?? value;
  });
}
