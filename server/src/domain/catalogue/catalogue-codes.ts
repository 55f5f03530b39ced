/** Closed vocabularies of the catalogue. The client translates each code (FIELD_OF_LAW.<code>, LANGUAGE.<code>, COUNTRY.<code>). */
export const FIELDS_OF_LAW = [
  'employment',
  'contract',
  'property',
  'corporate',
  'family',
  'succession',
  'intellectual-property',
  'data-protection',
  'consumer',
  'tax',
  'administrative',
  'procedure',
] as const;
export type FieldOfLaw = (typeof FIELDS_OF_LAW)[number];

export const DOCUMENT_LANGUAGES = ['et', 'en', 'ru', 'fi', 'lv', 'lt', 'de'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** Country (ISO 3166-1 alpha-2) whose law the template is written for; EU for Union law, INT for international. */
export const APPLICABLE_LAWS = ['EE', 'LV', 'LT', 'FI', 'SE', 'DE', 'EU', 'INT'] as const;
export type ApplicableLaw = (typeof APPLICABLE_LAWS)[number];

/** SPEC §5: the file types an uploader may add. */
export const FILE_FORMATS = ['doc', 'docx', 'pdf', 'txt', 'rtf', 'odt', 'mobi'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
