import { Query } from 'mingo';
import { compareValues, isKey, isPlainObject, type Key, valueAtPath } from './embedded-values';
import type { Filter, ReadModel, Sort } from './read-store.port';

/**
 * Testing one document against a filter: a plain predicate for the simple forms the indexes answer
 * (equality, array membership, `$in`, anchored prefix, `$and`/`$or` of those), mingo for the rest.
 */

/** Options shared by every mingo query: documents are never cloned by mingo, we clone what we return. */
export const MINGO_OPTIONS = { idKey: '_id' } as const;

const REGEX_META = /[.*+?()[\]{}|^$\\]/;

/** The literal after `^` of an anchored regex without flags, or null ("^abc" → "abc"; "^a\\.b" → "a.b"). */
export function anchoredPrefix(condition: Record<string, unknown>): string | null {
  const pattern = condition['$regex'];
  const options = condition['$options'];
  if (typeof pattern !== 'string' || !pattern.startsWith('^')) return null;
  if (options !== undefined && options !== '') return null;
  if (Object.keys(condition).some((key) => key !== '$regex' && key !== '$options')) return null;
  let literal = '';
  for (let i = 1; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '\\') {
      const next = pattern.charAt(i + 1);
      if (!next || /[0-9A-Za-z]/.test(next)) return null;
      literal += next;
      i++;
    } else if (REGEX_META.test(char)) return null;
    else literal += char;
  }
  return literal;
}

/** A condition on one field in the simple forms the postings and the fast matcher understand. */
export type SimpleCondition =
  | { readonly kind: 'in'; readonly keys: readonly Key[] }
  | { readonly kind: 'prefix'; readonly prefix: string };

export function simpleCondition(value: unknown): SimpleCondition | null {
  if (isKey(value)) return { kind: 'in', keys: [value] };
  if (!isPlainObject(value)) return null;
  const operators = Object.keys(value);
  if (operators.length === 1 && operators[0] === '$eq' && isKey(value['$eq']))
    return { kind: 'in', keys: [value['$eq']] };
  if (operators.length === 1 && operators[0] === '$in' && Array.isArray(value['$in'])) {
    const keys = value['$in'] as unknown[];
    return keys.every(isKey) ? { kind: 'in', keys } : null;
  }
  const prefix = anchoredPrefix(value);
  return prefix === null ? null : { kind: 'prefix', prefix };
}

/** A plain predicate for filters in the simple forms; null when the filter needs the full query engine. */
export function compileSimple(filter: Filter): ((doc: ReadModel) => boolean) | null {
  const tests: ((doc: ReadModel) => boolean)[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if ((key === '$and' || key === '$or') && Array.isArray(value)) {
      const subs = value.map((part) => (isPlainObject(part) ? compileSimple(part) : null));
      if (subs.some((sub) => sub === null)) return null;
      const compiled = subs as ((doc: ReadModel) => boolean)[];
      tests.push(
        key === '$and' ? (doc) => compiled.every((t) => t(doc)) : (doc) => compiled.some((t) => t(doc)),
      );
      continue;
    }
    if (key.startsWith('$')) return null;
    const condition = simpleCondition(value);
    if (!condition) return null;
    tests.push((doc) => {
      const found = valueAtPath(doc, key);
      const values: unknown[] = Array.isArray(found) ? found : [found];
      return condition.kind === 'in'
        ? values.some((v) => condition.keys.includes(v as Key))
        : values.some((v) => typeof v === 'string' && v.startsWith(condition.prefix));
    });
  }
  return (doc) => tests.every((t) => t(doc));
}

/** A predicate for any filter: the fast matcher for the simple forms, mingo for the rest. */
export function matcher(filter: Filter): (doc: ReadModel) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const simple = compileSimple(filter);
  if (simple) return simple;
  const query = new Query(filter, MINGO_OPTIONS);
  return (doc) => query.test(doc);
}

/** Adds one document's value(s) of a field to its counts; an array counts each distinct element once. */
export function countValues(byValue: Record<string, number>, value: unknown): void {
  const values = Array.isArray(value) ? new Set(value) : [value];
  for (const v of values) {
    if (v === undefined || v === null || typeof v === 'object') continue;
    const key = String(v);
    byValue[key] = (byValue[key] ?? 0) + 1;
  }
}

export type SortKeys = readonly (readonly [field: string, direction: 1 | -1])[];

export function sortKeys(sort: Sort | undefined): SortKeys {
  return Object.entries(sort ?? {});
}

/** Compares two documents' sort-key values (`values[i]` for `sort[i]`) in `sort` order. */
export function compareKeyed(sort: SortKeys, a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < sort.length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order * sort[i]![1];
  }
  return 0;
}
