import { randomUUID } from 'node:crypto';
import { update as applyModifier } from 'mingo';
import type { Filter, ReadModel, Update } from './read-store.port';

/**
 * Read-model documents as plain JSON values (copied as JSON keeps them), and MongoDB's update operators
 * applied to them (the common ones directly, the rest by mingo): shared by the embedded read store and
 * the projections' batches (projections/batch-transaction.ts).
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

type Modifier = Parameters<typeof applyModifier>[1];

function hasOperatorKeys(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((k) => k.startsWith('$'));
}

/** The `_id` a filter pins by plain equality, used to avoid scanning the collection for the common by-id access. */
export function pinnedId(filter: Filter): string | undefined {
  const id = filter['_id'];
  if (typeof id === 'string') return id;
  if (isPlainObject(id) && Object.keys(id).length === 1 && typeof id['$eq'] === 'string') return id['$eq'];
  return undefined;
}

/**
 * A deep copy holding exactly what JSON keeps (what `JSON.parse(JSON.stringify(value))` gives: `toJSON`
 * called, undefined members dropped, undefined array elements and non-finite numbers null), without
 * going through text. Stored documents are such values, in memory as on disk.
 */
export function jsonCopy<T>(value: T): T {
  return copyJson(value) as T;
}

function copyJson(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  const source = value as Record<string, unknown> & { toJSON?: () => unknown };
  if (typeof source.toJSON === 'function') return copyJson(source.toJSON());
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyJson(value[i]) ?? null;
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const member = copyJson(source[key]);
    if (member !== undefined) copy[key] = member;
  }
  return copy;
}

/** Whether two JSON values are the same, members in the same order (as their JSON texts would be). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  const theirs = Object.keys(right);
  if (keys.length !== theirs.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== theirs[i] || !sameJson(left[keys[i]!], right[keys[i]!])) return false;
  }
  return true;
}

/** The fields an upsert copies from its filter: plain equalities and $eq, also inside $and. */
export function equalityFields(filter: Filter, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) if (isPlainObject(part)) equalityFields(part, into);
    } else if (key.startsWith('$') || value instanceof RegExp) {
      continue;
    } else if (isPlainObject(value) && hasOperatorKeys(value)) {
      if ('$eq' in value) into[key] = value['$eq'];
    } else {
      into[key] = value;
    }
  }
  return into;
}

export function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || keys.some((k) => !k.startsWith('$'))) {
    throw new Error('An update document must contain only update operators ($set, $inc, ...)');
  }
}

/**
 * The fields the common projection updates change directly: `$set` of top-level fields, `$push` of one
 * plain value onto a top-level array and `$inc` of a top-level number (or missing field) by a finite
 * number. Null when anything else is asked (dotted paths, modifiers, other operators, a field named by
 * two operators), which goes to mingo.
 */
export function directFields(doc: Record<string, unknown>, update: Update): string[] | null {
  const fields: string[] = [];
  for (const operator of Object.keys(update)) {
    if (operator !== '$set' && operator !== '$push' && operator !== '$inc') return null;
    const operand = update[operator];
    if (!isPlainObject(operand)) return null;
    for (const key of Object.keys(operand)) {
      if (key.includes('.') || key.startsWith('$') || key === '_id') return null;
      const value = operand[key];
      const current = doc[key];
      if (operator === '$set' && value === undefined) return null;
      if (operator === '$push') {
        if (!Array.isArray(current) && current !== undefined) return null;
        if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return null;
      }
      if (operator === '$inc') {
        if (typeof value !== 'number' || !Number.isFinite(value)) return null;
        if (current !== undefined && typeof current !== 'number') return null;
      }
      fields.push(key);
    }
  }
  return new Set(fields).size === fields.length ? fields : null;
}

/** Applies an update that directFields accepted; the values are copied as JSON keeps them. */
export function modifyDirectly(doc: Record<string, unknown>, update: Update): boolean {
  const set = update['$set'] as Record<string, unknown> | undefined;
  const push = update['$push'] as Record<string, unknown> | undefined;
  const inc = update['$inc'] as Record<string, number> | undefined;
  let changed = false;
  for (const [key, value] of Object.entries(set ?? {})) {
    const copy = jsonCopy(value);
    if (!sameJson(doc[key], copy)) {
      doc[key] = copy;
      changed = true;
    }
  }
  for (const [key, value] of Object.entries(push ?? {})) {
    doc[key] = [...((doc[key] as unknown[] | undefined) ?? []), jsonCopy(value) ?? null];
    changed = true;
  }
  for (const [key, by] of Object.entries(inc ?? {})) {
    const current = doc[key] as number | undefined;
    if (current === undefined || by !== 0) {
      const sum = (current ?? 0) + by;
      doc[key] = Number.isFinite(sum) ? sum : null;
      changed = true;
    }
  }
  return changed;
}

/** Applies an update document in place; returns whether anything changed. $setOnInsert is handled by the caller. */
export function modify(doc: Record<string, unknown>, update: Update): boolean {
  const { $setOnInsert: _ignored, ...rest } = update;
  if (Object.keys(rest).length === 0) return false;
  if (directFields(doc, rest)) return modifyDirectly(doc, rest);
  return applyModifier(doc, rest as Modifier).length > 0;
}

/**
 * `doc` after `update`: the same object changed in place when only top-level `$set`, `$inc` and `$push` are
 * asked (their values copied, arrays replaced rather than changed), else a changed copy (mingo changes
 * nested values in place, and they may be shared); null when nothing changes. `$setOnInsert` is the
 * caller's to handle.
 */
export function updated<T extends Record<string, unknown>>(doc: T, update: Update): T | null {
  const { $setOnInsert: _ignored, ...rest } = update;
  if (Object.keys(rest).length === 0) return null;
  if (directFields(doc, rest)) return modifyDirectly(doc, rest) ? doc : null;
  const copy = jsonCopy(doc);
  return applyModifier(copy, rest as Modifier).length > 0 ? copy : null;
}

export function upsertDocument(filter: Filter, update: Update): ReadModel {
  const { _id: id, ...seed } = structuredClone(equalityFields(filter));
  // mingo refuses to $set an _id, so the filter's _id goes in directly.
  const doc: Record<string, unknown> = id === undefined ? {} : { _id: id };
  if (Object.keys(seed).length > 0) applyModifier(doc, { $set: seed });
  modify(doc, update);
  const onInsert = update['$setOnInsert'];
  if (isPlainObject(onInsert) && Object.keys(onInsert).length > 0) {
    applyModifier(doc, { $set: onInsert });
  }
  const finalId = doc['_id'];
  if (finalId === undefined) return { _id: randomUUID(), ...doc };
  if (typeof finalId !== 'string') throw new Error('Read-model documents need a string _id');
  return { ...doc, _id: finalId };
}

/** The transaction's own copy of a document it writes, as JSON keeps it. */
export function stage(doc: ReadModel): ReadModel {
  if (typeof doc._id !== 'string') throw new Error('Read-model documents need a string _id');
  return jsonCopy(doc);
}
