import { foldForSearch } from './search-text';

/**
 * A URL slug from a title plus the tail of the document id: readable, and unique without a lookup
 * (docs/decisions/document-slugs.md). Stays the same when the title is edited, so links keep working.
 */
export function documentSlug(title: string, documentId: string): string {
  const words = foldForSearch(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  const suffix = documentId.replace(/-/g, '').slice(-12).toLowerCase();
  return words ? `${words}-${suffix}` : suffix;
}
