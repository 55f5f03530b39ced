import { SEARCH_SORTS, type SearchCursor, type SearchSort } from './search-documents.query';

/**
 * The sort keys of each sort, last key `_id`, so every position in the order is unique. Oldest is newest
 * exactly reversed, so one index serves both (docs/decisions/search-indexes.md).
 */
export const SORT_KEYS: Readonly<Record<SearchSort, Readonly<Record<string, 1 | -1>>>> = {
  relevance: { score: -1, createdAt: -1, _id: 1 },
  newest: { createdAt: -1, _id: 1 },
  oldest: { createdAt: 1, _id: -1 },
  'price-desc': { price: -1, createdAt: -1, _id: 1 },
  'price-asc': { price: 1, createdAt: -1, _id: 1 },
};

const NUMERIC_KEYS = new Set(['score', 'price']);

/** An opaque, URL-safe cursor: the sort and the last result's sort-key values. */
export function encodeCursor(cursor: SearchCursor): string {
  const keys = Object.keys(SORT_KEYS[cursor.sort]);
  return Buffer.from(JSON.stringify([cursor.sort, ...keys.map((key) => cursor.values[key])])).toString(
    'base64url',
  );
}

/** The cursor, or null when the text is not one we made (wrong shape, sort or value types). */
export function decodeCursor(text: string): SearchCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const [sort, ...values] = parsed as unknown[];
  if (!(SEARCH_SORTS as readonly unknown[]).includes(sort)) return null;
  const keys = Object.keys(SORT_KEYS[sort as SearchSort]);
  if (values.length !== keys.length) return null;
  const record: Record<string, string | number> = {};
  for (const [i, key] of keys.entries()) {
    const value = values[i];
    const ok = NUMERIC_KEYS.has(key)
      ? Number.isFinite(value)
      : typeof value === 'string' && value.length <= 100;
    if (!ok) return null;
    record[key] = value as string | number;
  }
  return { sort: sort as SearchSort, values: record };
}
