/**
 * Text people type (names, titles, descriptions), made safe to store and to show to others. The one
 * place the domain decides what a "character" of user text may be; FieldValidator and the deciders'
 * normalisers use it, so every aggregate treats text alike.
 */

/** Whether the text may hold line breaks and tabs (descriptions) or is one line (names, titles). */
export type TextShape = 'line' | 'multiline';

/**
 * C0 and C1 control characters. A multi-line text keeps tab and line feed (carriage returns are folded
 * into line feeds first); a single line keeps none.
 */
const CONTROL_LINE = /\p{Cc}/u;
// eslint-disable-next-line no-control-regex -- finding control characters is what this is for
const CONTROL_MULTILINE = /[\0-\x08\x0B-\x1F\x7F-\x9F]/u;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what a
 * reader sees ("Trojan Source"), so a name could pose as another. Plain marks (U+200E, U+200F) stay.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/** A UTF-16 surrogate that is not half of a pair: no character at all, and breaks JSON consumers. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Characters that show nothing: white space, format characters (U+200B…), fillers, braille blank. */
const INVISIBLE = /[\s\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/**
 * What is cut from both ends: white space and format characters, but neither a variation selector of an
 * emoji nor a bidirectional control (those are refused, not hidden).
 */
const EDGE = String.raw`(?:(?![\u202A-\u202E\u2066-\u2069])[\s\p{Z}\p{Cf}])+`;
const EDGES = new RegExp(`^${EDGE}|${EDGE}$`, 'gu');

/** True when the text holds characters no field may store (see above). */
export function hasForbiddenCharacters(text: string, shape: TextShape = 'line'): boolean {
  const control = shape === 'line' ? CONTROL_LINE : CONTROL_MULTILINE;
  return control.test(text) || BIDI_CONTROL.test(text) || LONE_SURROGATE.test(text);
}

/** True when nothing visible is left: empty, white space only, or invisible characters only. */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/**
 * The form a text is stored in: Unicode NFC (so "õ" typed two ways is one value), line breaks as "\n",
 * white space and format characters cut from both ends, and "" when nothing visible remains. Forbidden
 * characters are left in place for validation to refuse (normalising never hides a problem).
 */
export function normaliseText(text: string): string {
  const unified = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(EDGES, '');
  return isBlankText(unified) ? '' : unified;
}

/** normaliseText for values that may not be strings yet (request bodies): other values pass unchanged. */
export function normaliseTextValue<T>(value: T): T {
  return (typeof value === 'string' ? normaliseText(value) : value) as T;
}
