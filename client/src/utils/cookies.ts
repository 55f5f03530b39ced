/** SPEC §9 cookie defaults are 1 day, path /, SameSite Lax; preferences pass a longer maxAge. */
export const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Over https a cookie is marked Secure, so it never travels over plain http (docs/decisions.md). */
export function writeCookie(name: string, value: string, maxAgeSeconds = DAY_SECONDS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}
