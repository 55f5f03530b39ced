/** SPEC §9 cookie defaults are 1 day, path /, SameSite Lax; preferences pass a longer maxAge. */
export const DAY_SECONDS = 24 * 60 * 60;

/** The element the server writes the page's cookies into (server/src/api/client-app/page-cookies.ts). */
export const PAGE_COOKIES_ELEMENT_ID = 'page-cookies';

let pageCookies: Map<string, string | null> | null = null;

/** The cookies the server wrote into the page (each a value, or null for one the request did not carry). */
function cookiesOfPage(): Map<string, string | null> {
  if (pageCookies) return pageCookies;
  pageCookies = new Map();
  const text =
    typeof document === 'undefined' ? null : document.getElementById(PAGE_COOKIES_ELEMENT_ID)?.textContent;
  if (!text) return pageCookies;
  try {
    for (const [name, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      if (typeof value === 'string' || value === null) pageCookies.set(name, value);
    }
  } catch {
    // A page without usable cookies reads them from the browser.
  }
  return pageCookies;
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
  pageCookies = null;
}
