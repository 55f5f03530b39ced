import type { TFunction } from 'i18next';

export type CodeGroup = 'FIELD_OF_LAW' | 'LANGUAGE' | 'COUNTRY';

/** The label of a catalogue code (FIELD_OF_LAW.employment, LANGUAGE.et, COUNTRY.EE); the code itself when unknown. */
export function codeLabel(t: TFunction, group: CodeGroup, code: string): string {
  return t(`${group}.${code}`, { defaultValue: code });
}
