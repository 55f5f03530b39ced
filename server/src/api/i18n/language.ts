export const UI_LANGUAGES = ['et', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The first of et/en the Accept-Language header asks for (by q-weight); Estonian when it asks for neither. */
export function preferredLanguage(header: string | string[] | undefined): UiLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'et' || primary === 'en') return primary;
  }
  return 'et';
}
