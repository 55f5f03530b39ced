/**
 * Folds text for search: lower case, diacritics removed (ö→o, š→s, õ→o), whitespace collapsed,
 * so "tooleping" finds "Tööleping". Used both when indexing and when reading the query.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The query's words, folded; a document matches when it contains every one. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query)
    .split(' ')
    .filter((term) => term.length > 0);
}
