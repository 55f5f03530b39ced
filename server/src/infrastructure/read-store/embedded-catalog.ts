import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../sqlite/sqlite-database';
import type { SortKeys } from './embedded-matcher';
import type { Sort } from './read-store.port';

/**
 * Where the embedded read store keeps a collection in the SQLite file, and what it knows about it:
 * - `rs<n>_docs`: one row per document (its number `docno`, its `_id`, its JSON), a unique index on `_id`;
 * - `rs<n>_post`: postings (embedded-postings.ts) of the first field of every declared index but those
 *   declared of high cardinality: per value and chunk of document numbers, which documents hold it (each
 *   element of an array; missing and null under a value of their own);
 * - for indexes of several keys (and unique ones, and those of high cardinality), a column of `rs<n>_docs`
 *   per field holding the document's value (embedded-values.ts, sqlKey), and one SQLite index per declared
 *   index in its key order, so a sorted page walks SQLite's own index and stops at its limit. The first
 *   field of a high-cardinality index (a value of its own in nearly every document: a position, a number,
 *   a time) is looked up through that SQLite index rather than through postings, which would cost a row
 *   and a container per document when written (docs/decisions/high-cardinality-fields-without-postings.md).
 * The catalogue tables name the collections, their declared indexes and fields, and a version per
 * collection that every commit moves on (other connections notice changes by it).
 */
export const CATALOG_SCHEMA = `
  CREATE TABLE IF NOT EXISTS rs_collections (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    version INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS rs_indexes (
    collection INTEGER NOT NULL,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    keys TEXT NOT NULL,
    is_unique INTEGER NOT NULL,
    high_cardinality INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, id),
    UNIQUE (collection, name)
  );
  CREATE TABLE IF NOT EXISTS rs_fields (
    collection INTEGER NOT NULL,
    id INTEGER NOT NULL,
    path TEXT NOT NULL,
    multikey INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, id),
    UNIQUE (collection, path)
  );
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    projection TEXT PRIMARY KEY,
    position TEXT NOT NULL
  );
`;

export interface IndexInfo {
  readonly id: number;
  readonly name: string;
  readonly keys: Sort;
  readonly unique: boolean;
  /** Served by its SQLite index alone: its first field gets no postings from it. */
  readonly highCardinality: boolean;
}

export interface FieldInfo {
  readonly id: number;
  readonly path: string;
  /** Some document has held an array in this field (so two range bounds may be met by two elements). */
  multikey: boolean;
}

/** A declared index of several keys (or a unique one): an SQLite index over the documents table's key columns. */
export interface OrderInfo {
  readonly index: IndexInfo;
  readonly keys: SortKeys;
  /** The documents table's column of each key. */
  readonly columns: readonly string[];
  readonly sqlName: string;
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

export function indexName(keys: Sort): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

/** One collection's tables and declared indexes, as the catalogue holds them. */
export class CollectionInfo {
  readonly docs: string;
  readonly post: string;
  private postedCache: FieldInfo[] | null = null;
  private keyedCache: FieldInfo[] | null = null;
  private ordersCache: OrderInfo[] | null = null;

  constructor(
    readonly id: number,
    readonly name: string,
    public version: number,
    readonly indexes: IndexInfo[],
    readonly fields: Map<string, FieldInfo>,
  ) {
    this.docs = `rs${id}_docs`;
    this.post = `rs${id}_post`;
  }

  /** The fields with postings: the first field of every declared index not of high cardinality. */
  posted(): FieldInfo[] {
    this.postedCache ??= [
      ...new Set(
        this.indexes.filter((index) => !index.highCardinality).map((index) => Object.keys(index.keys)[0]!),
      ),
    ]
      .filter((path) => path !== '_id')
      .map((path) => this.fields.get(path)!);
    return this.postedCache;
  }

  /** The fields with a column of their own in the documents table: those of indexes with an order (hasOrder). */
  keyed(): FieldInfo[] {
    this.keyedCache ??= [
      ...new Set(this.indexes.filter(hasOrder).flatMap((index) => Object.keys(index.keys))),
    ].map((path) => this.fields.get(path)!);
    return this.keyedCache;
  }

  orders(): OrderInfo[] {
    this.ordersCache ??= this.indexes.filter(hasOrder).map((index) => {
      const keys = Object.entries(index.keys);
      return {
        index,
        keys,
        columns: keys.map(([path]) => column(this.fields.get(path)!)),
        sqlName: `rs${this.id}_o${index.id}`,
      };
    });
    return this.ordersCache;
  }

  field(path: string): FieldInfo | undefined {
    return this.fields.get(path);
  }

  isPosted(path: string): FieldInfo | undefined {
    return this.posted().find((field) => field.path === path);
  }

  /**
   * A field without postings that an order's SQLite index leads with (the first field of a high-cardinality
   * index): conditions on it are looked up in that index.
   */
  leadOfOrder(path: string): { field: FieldInfo; order: OrderInfo } | undefined {
    if (this.isPosted(path)) return undefined;
    const order = this.orders().find((candidate) => candidate.keys[0]![0] === path);
    return order ? { field: this.fields.get(path)!, order } : undefined;
  }

  /** Forgets what is derived from the declared indexes (after one is added). */
  changed(): void {
    this.postedCache = null;
    this.keyedCache = null;
    this.ordersCache = null;
  }
}

function hasOrder(index: IndexInfo): boolean {
  return Object.keys(index.keys).length > 1 || index.unique || index.highCardinality;
}

/** The documents table's column for a field. */
export function column(field: FieldInfo): string {
  return quote(`k${field.id}`);
}

/**
 * The catalogue's writes of a commit, as SQL with their parameters: a commit handed to the background
 * writer (sqlite-writer.ts) records them in its plan instead of running them here.
 */
export const CATALOG_WRITES = {
  /** The collection's version, checked before a planned commit: (collection id). */
  version: 'SELECT version FROM rs_collections WHERE id = ?',
  /** A commit's new version of the collection: (collection id). */
  bumpVersion: 'UPDATE rs_collections SET version = version + 1 WHERE id = ?',
  /** A field found holding an array: (collection id, field id). */
  setMultikey: 'UPDATE rs_fields SET multikey = 1 WHERE collection = ? AND id = ?',
} as const;

interface CatalogStatements {
  readonly collectionByName: Statement<[string], { id: number; version: number }>;
  readonly insertCollection: Statement<[string], { id: number }>;
  readonly version: Statement<[number], { version: number }>;
  readonly versions: Statement<[], { id: number; name: string; version: number }>;
  readonly bumpVersion: Statement<[number], { version: number }>;
  readonly indexes: Statement<
    [number],
    { id: number; name: string; keys: string; is_unique: number; high_cardinality: number }
  >;
  readonly fields: Statement<[number], { id: number; path: string; multikey: number }>;
  readonly insertIndex: Statement<[number, number, string, string, number, number]>;
  readonly deleteIndex: Statement<[number, number]>;
  readonly insertField: Statement<[number, number, string]>;
  readonly setMultikey: Statement<[number, number]>;
  readonly clearMultikey: Statement<[number]>;
}

/** Reads and writes the catalogue tables, and creates a collection's own tables. */
export class Catalog {
  private readonly statements: CatalogStatements;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(CATALOG_SCHEMA);
    // Catalogues written before indexes of high cardinality existed: every index had postings.
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('rs_indexes');
    if (!columns.includes('high_cardinality'))
      db.exec('ALTER TABLE rs_indexes ADD COLUMN high_cardinality INTEGER NOT NULL DEFAULT 0');
    this.statements = {
      collectionByName: db.prepare('SELECT id, version FROM rs_collections WHERE name = ?'),
      insertCollection: db.prepare('INSERT INTO rs_collections (name) VALUES (?) RETURNING id'),
      version: db.prepare(CATALOG_WRITES.version),
      versions: db.prepare('SELECT id, name, version FROM rs_collections'),
      bumpVersion: db.prepare(
        'UPDATE rs_collections SET version = version + 1 WHERE id = ? RETURNING version',
      ),
      indexes: db.prepare(
        'SELECT id, name, keys, is_unique, high_cardinality FROM rs_indexes WHERE collection = ? ORDER BY id',
      ),
      fields: db.prepare('SELECT id, path, multikey FROM rs_fields WHERE collection = ? ORDER BY id'),
      insertIndex: db.prepare(
        'INSERT INTO rs_indexes (collection, id, name, keys, is_unique, high_cardinality) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      deleteIndex: db.prepare('DELETE FROM rs_indexes WHERE collection = ? AND id = ?'),
      insertField: db.prepare('INSERT INTO rs_fields (collection, id, path) VALUES (?, ?, ?)'),
      setMultikey: db.prepare(CATALOG_WRITES.setMultikey),
      clearMultikey: db.prepare('UPDATE rs_fields SET multikey = 0 WHERE collection = ?'),
    };
  }

  /** The collection as stored, or null when it has never been written or indexed. */
  load(name: string): CollectionInfo | null {
    const row = this.statements.collectionByName.get(name);
    if (!row) return null;
    const fields = new Map<string, FieldInfo>();
    for (const field of this.statements.fields.all(row.id))
      fields.set(field.path, { id: field.id, path: field.path, multikey: field.multikey === 1 });
    const indexes = this.statements.indexes.all(row.id).map((index): IndexInfo => ({
      id: index.id,
      name: index.name,
      keys: JSON.parse(index.keys) as Sort,
      unique: index.is_unique === 1,
      highCardinality: index.high_cardinality === 1,
    }));
    return new CollectionInfo(row.id, name, row.version, indexes, fields);
  }

  /** Creates the collection's catalogue row and tables (inside the caller's write transaction). */
  create(name: string): CollectionInfo {
    const { id } = this.statements.insertCollection.get(name)!;
    const info = new CollectionInfo(id, name, 0, [], new Map());
    this.db.exec(`
      CREATE TABLE ${info.docs} (docno INTEGER PRIMARY KEY, id TEXT NOT NULL, doc TEXT NOT NULL);
      CREATE UNIQUE INDEX rs${id}_id ON ${info.docs} (id);
      CREATE TABLE ${info.post} (
        field INTEGER NOT NULL, value NOT NULL, chunk INTEGER NOT NULL, bits BLOB NOT NULL,
        PRIMARY KEY (field, value, chunk)
      ) WITHOUT ROWID;
    `);
    return info;
  }

  currentVersion(info: CollectionInfo): number {
    return this.statements.version.get(info.id)?.version ?? -1;
  }

  versions(): { id: number; name: string; version: number }[] {
    return this.statements.versions.all();
  }

  bumpVersion(info: CollectionInfo): number {
    return this.statements.bumpVersion.get(info.id)!.version;
  }

  /**
   * Records a declared index (inside the caller's write transaction): its new fields, a documents-table
   * column for each field of an index with an order, and the order's SQLite index. Existing documents are the
   * caller's to index.
   */
  addIndex(
    info: CollectionInfo,
    keys: Sort,
    unique: boolean,
    highCardinality: boolean,
  ): { index: IndexInfo; newColumns: FieldInfo[] } {
    const paths = Object.keys(keys);
    let nextField = Math.max(0, ...[...info.fields.values()].map((field) => field.id)) + 1;
    for (const path of paths) {
      if (info.fields.has(path)) continue;
      const field: FieldInfo = { id: nextField++, path, multikey: false };
      this.statements.insertField.run(info.id, field.id, path);
      info.fields.set(path, field);
    }
    const before = new Set(info.keyed().map((field) => field.id));
    const index: IndexInfo = {
      id: Math.max(0, ...info.indexes.map((existing) => existing.id)) + 1,
      name: indexName(keys),
      keys: { ...keys },
      unique,
      highCardinality,
    };
    this.statements.insertIndex.run(
      info.id,
      index.id,
      index.name,
      JSON.stringify(keys),
      unique ? 1 : 0,
      highCardinality ? 1 : 0,
    );
    info.indexes.push(index);
    info.changed();
    const newColumns = info.keyed().filter((field) => !before.has(field.id));
    // A column may remain from an index declared before with other options (removeIndex keeps columns).
    const existing = new Set(
      this.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(info.docs) as string[],
    );
    for (const field of newColumns)
      if (!existing.has(`k${field.id}`)) this.db.exec(`ALTER TABLE ${info.docs} ADD COLUMN ${column(field)}`);
    const order = info.orders().find((candidate) => candidate.index.id === index.id);
    if (order) {
      const columns = order.keys.map(
        ([, direction], i) => `${order.columns[i]}${direction === -1 ? ' DESC' : ''}`,
      );
      this.db.exec(`CREATE INDEX ${order.sqlName} ON ${info.docs} (${columns.join(', ')})`);
    }
    return { index, newColumns };
  }

  /**
   * Forgets a declared index (inside the caller's write transaction): its catalogue row and its SQLite
   * index. Its fields, their columns and postings stay; the caller removes postings no index needs.
   */
  removeIndex(info: CollectionInfo, index: IndexInfo): void {
    const order = info.orders().find((candidate) => candidate.index.id === index.id);
    if (order) this.db.exec(`DROP INDEX IF EXISTS ${order.sqlName}`);
    this.statements.deleteIndex.run(info.id, index.id);
    info.indexes.splice(info.indexes.indexOf(index), 1);
    info.changed();
  }

  setMultikey(info: CollectionInfo, field: FieldInfo): void {
    field.multikey = true;
    this.statements.setMultikey.run(info.id, field.id);
  }

  clearMultikey(info: CollectionInfo): void {
    for (const field of info.fields.values()) field.multikey = false;
    this.statements.clearMultikey.run(info.id);
  }
}
