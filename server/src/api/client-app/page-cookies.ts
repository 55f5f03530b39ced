/** The element the client reads the page's cookies from (client/src/utils/cookies.ts). */
export const PAGE_COOKIES_ELEMENT_ID = 'page-cookies';

/**
 * The cookies the client's first render reads: the cookie banner's consent (stores/consent-store.ts) and
 * the accessibility panel's font and contrast classes (stores/ui-store.ts). Preferences the browser's
 * scripts set and read themselves, nothing the server keeps: a session's cookies never go into a page.
 */
export const PAGE_COOKIES = ['lepinguturg.cookiesAccepted', 'lepinguturg.accessibility'] as const;

/** A cookie's value as the client writes it (encodeURIComponent), undecodable ones as they are. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The named cookies of a Cookie header (the first of a name, as document.cookie's reader takes it). */
function cookiesOf(header: string | undefined, names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = decode(part.slice(0, separator).trim());
    if (names.includes(name) && !found.has(name)) found.set(name, decode(part.slice(separator + 1).trim()));
  }
  return found;
}

/**
 * The page's `<script type="application/json">` element with the request's PAGE_COOKIES, null for each
 * one it does not carry. The browser answers a script's first read of document.cookie by asking its
 * network process, and while a page loads that wait took 30–40 ms of the first render's task here: the
 * client reads these from the page instead (client/src/utils/cookies.ts).
 */
export function pageCookiesElement(cookieHeader: string | undefined): string {
  const found = cookiesOf(cookieHeader, PAGE_COOKIES);
  const json = JSON.stringify(
    Object.fromEntries(PAGE_COOKIES.map((name) => [name, found.get(name) ?? null])),
  );
  // "<" escaped inside strings keeps a "</script>" in a cookie from ending the element.
  return `<script type="application/json" id="${PAGE_COOKIES_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** The accessibility panel's classes (client/src/stores/ui-store.ts), the only values written into <html>. */
const FONT_CLASSES = ['font-default', 'font-large', 'font-largest'];
const CONTRAST_CLASSES = ['contrast-normal', 'contrast-high'];

/** What a page's first render shows of the visitor's choices: their consent, and the classes of <html>. */
export interface PageChoices {
  readonly cookiesAccepted: boolean;
  /** The font and contrast classes, as the app applies them; known names only. */
  readonly htmlClasses: readonly string[];
}

/**
 * The visitor's choices as the request's cookies say them: the server renders the page with them (the
 * cookie banner, or not; the text size and contrast from the first paint), as the app does.
 */
export function pageChoices(cookieHeader: string | undefined): PageChoices {
  const found = cookiesOf(cookieHeader, PAGE_COOKIES);
  const [font = '', contrast = ''] = (found.get('lepinguturg.accessibility') ?? '').split(' ');
  return {
    cookiesAccepted: found.get('lepinguturg.cookiesAccepted') === '1',
    htmlClasses: [
      FONT_CLASSES.includes(font) ? font : 'font-default',
      CONTRAST_CLASSES.includes(contrast) ? contrast : 'contrast-normal',
    ],
  };
}
