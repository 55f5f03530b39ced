/** SPEC §9 cookie defaults are 1 day, path /, SameSite Lax; preferences pass a longer maxAge. */
export const DAY_SECONDS = 24 * 60 * 60;

/** The element the server writes the page's cookies into (server/src/api/client-app/page-cookies.ts). */
export const PAGE_COOKIES_ELEMENT_ID = 'page-cookies';

let written: ReadonlyMap<string, string | null> | null = null;
let pageCookies: Map<string, string | null> | null = null;

/** The cookies the server wrote into the page (each a value, or null for one the request did not carry). */
function writtenCookies(): ReadonlyMap<string, string | null> {
  if (written) return written;
  const found = new Map<string, string | null>();
  written = found;
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_COOKIES_ELEMENT_ID)?.textContent;
  if (!text) return found;
  try {
    for (const [name, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      if (typeof value === 'string' || value === null) found.set(name, value);
    }
  } catch {
    // A page without usable cookies reads them from the browser.
  }
  return found;
}

/** The page's cookies not yet read (readCookie takes each once). */
function cookiesOfPage(): Map<string, string | null> {
  pageCookies ??= new Map(writtenCookies());
  return pageCookies;
}

/**
 * A cookie as the page carries it, read or not: what the server rendered the page with (a value, or null
 * for one the request did not carry); undefined where the page carries none.
 */
export function cookieOfPage(name: string): string | null | undefined {
  const cookies = writtenCookies();
  return cookies.has(name) ? (cookies.get(name) ?? null) : undefined;
}

/**
 * A cookie's value, or null. One the page carries is taken from it, once: a script's first read of
 * document.cookie waits for the browser's network process, 30–40 ms of the first render while a page
 * loads. Later reads, and a cookie written since, come from the browser.
 */
export function readCookie(name: string): string | null {
  const fromPage = cookiesOfPage();
  if (fromPage.has(name)) {
    const value = fromPage.get(name) ?? null;
    fromPage.delete(name);
    return value;
  }
  // The server's render of a page reads no browser: its cookies come with the request (api/page-context.ts).
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Over https a cookie is marked Secure, so it never travels over plain http (docs/decisions/). */
export function writeCookie(name: string, value: string, maxAgeSeconds = DAY_SECONDS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
  cookiesOfPage().delete(name);
}

/** Forgets the cookies read from the page (tests write a new page). */
export function resetPageCookies(): void {
  written = null;
  pageCookies = null;
}
