import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import { nameQueryWords, queryWords, type QueryWord } from '../../server/src/domain/search/search-terms';

/**
 * The peer the bench measures our server against: what a developer would pick for the same search, a
 * bare node:http server over SQLite FTS5 through better-sqlite3, holding the same published documents.
 * Its full-text index is FTS5 with our own Estonian and English stems as tokens (domain/search), so a
 * query word becomes the same prefixes; filters are columns, facets are GROUP BYs (each leaving out its
 * own filter, as ours), relevance is FTS5's bm25 with the title weighted above tags above the rest, and a
 * page is LIMIT and OFFSET. Answers GET /api/documents with items, total and facet counts.
 *
 * Run: node fts5-server.js <database file> <port>; prints `ready` when it listens. `buildFts5Database`
 * writes the file from our search read model's documents.
 */

/** The result fields the page shows (as ours answers them). */
const RESULT_FIELDS = [
  'slug',
  'title',
  'description',
  'author',
  'uploaderId',
  'uploaderName',
  'language',
  'fieldOfLaw',
  'applicableLaw',
  'tags',
  'year',
  'price',
  'formats',
  'createdAt',
  'updatedAt',
] as const;

interface SearchDocument {
  readonly _id: string;
  readonly status: string;
  readonly [field: string]: unknown;
}

/** FTS5's unicode61 tokenizer splits on ':'; our tags become '_' and '_' is made a token character. */
const token = (term: string): string => term.replace(':', '_');

export function buildFts5Database(file: string, documents: Iterable<SearchDocument>): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`
    CREATE TABLE documents (
      rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, status TEXT NOT NULL, created_at TEXT NOT NULL,
      price INTEGER NOT NULL, field_of_law TEXT, language TEXT, applicable_law TEXT, year INTEGER,
      uploader_id TEXT, result TEXT NOT NULL
    );
    CREATE INDEX documents_created ON documents (status, created_at DESC, id);
    CREATE INDEX documents_price ON documents (status, price, created_at DESC, id);
    CREATE TABLE formats (format TEXT NOT NULL, docid INTEGER NOT NULL, PRIMARY KEY (format, docid)) WITHOUT ROWID;
    CREATE VIRTUAL TABLE search USING fts5(
      body, title, tags, words, people, content='', tokenize="unicode61 tokenchars '_'", prefix='3 5'
    );
  `);
  const insertDocument = db.prepare(
    `INSERT INTO documents (id, status, created_at, price, field_of_law, language, applicable_law, year, uploader_id, result)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFormat = db.prepare('INSERT INTO formats (format, docid) VALUES (?, ?)');
  const insertTerms = db.prepare(
    'INSERT INTO search (rowid, body, title, tags, words, people) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const list = (doc: SearchDocument, field: string) =>
    ((doc[field] as string[] | undefined) ?? []).map(token).join(' ');
  let count = 0;
  db.transaction(() => {
    for (const doc of documents) {
      const result = {
        id: doc._id,
        ...Object.fromEntries(RESULT_FIELDS.map((field) => [field, doc[field]])),
      };
      const rowid = Number(
        insertDocument.run(
          doc._id,
          doc.status,
          doc['createdAt'],
          doc['price'],
          doc['fieldOfLaw'],
          doc['language'],
          doc['applicableLaw'],
          doc['year'],
          doc['uploaderId'],
          JSON.stringify(result),
        ).lastInsertRowid,
      );
      for (const format of (doc['formats'] as string[] | undefined) ?? []) insertFormat.run(format, rowid);
      insertTerms.run(
        rowid,
        list(doc, 'terms'),
        list(doc, 'titleTerms'),
        list(doc, 'tagTerms'),
        list(doc, 'words'),
        list(doc, 'peopleTerms'),
      );
      count++;
    }
  })();
  db.close();
  return count;
}

/** A query word as an FTS5 expression: any of its prefixes (in a column, when given). */
function matchWord(word: QueryWord, column?: string): string {
  const prefixes = word.prefixes.map((prefix) => `"${token(prefix).replaceAll('"', '""')}"*`).join(' OR ');
  return column ? `${column} : (${prefixes})` : `(${prefixes})`;
}

const FACETS = {
  fieldOfLaw: 'field_of_law',
  language: 'language',
  year: 'year',
  format: null,
} as const;
type Facet = keyof typeof FACETS;

export function serveFts5(file: string, port: number): void {
  const db = new Database(file, { readonly: true });
  const cached = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = cached.get(sql);
    if (!statement) cached.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  function search(params: URLSearchParams): unknown {
    const words = [
      ...(params.get('q') ? queryWords(params.get('q')!).map((w) => matchWord(w)) : []),
      ...(params.get('title') ? queryWords(params.get('title')!).map((w) => matchWord(w, 'title')) : []),
      ...(params.get('author')
        ? nameQueryWords(params.get('author')!).map((w) => matchWord(w, 'people'))
        : []),
    ];
    const match = words.join(' AND ');
    const chosen: Partial<Record<Facet | 'applicableLaw' | 'uploaderId', string>> = {};
    for (const name of ['fieldOfLaw', 'language', 'year', 'format', 'applicableLaw', 'uploaderId'] as const) {
      const value = params.get(name);
      if (value) chosen[name] = value;
    }
    const where = (without: Facet | null): { sql: string; args: unknown[] } => {
      const conditions = ["d.status = 'published'"];
      const args: unknown[] = [];
      if (match) {
        conditions.push('d.rowid IN (SELECT rowid FROM search WHERE search MATCH ?)');
        args.push(match);
      }
      const column = {
        fieldOfLaw: 'field_of_law',
        language: 'language',
        year: 'year',
        applicableLaw: 'applicable_law',
        uploaderId: 'uploader_id',
      } as const;
      for (const [name, value] of Object.entries(chosen)) {
        if (name === without) continue;
        if (name === 'format') {
          conditions.push('d.rowid IN (SELECT docid FROM formats WHERE format = ?)');
          args.push(value);
        } else {
          conditions.push(`d.${column[name as keyof typeof column]} = ?`);
          args.push(name === 'year' ? Number(value) : value);
        }
      }
      return { sql: conditions.join(' AND '), args };
    };
    const sort = params.get('sort') ?? (params.get('q') || params.get('title') ? 'relevance' : 'newest');
    const limit = Math.min(50, Number(params.get('limit') ?? 20));
    const all = where(null);
    const order = {
      relevance: 'rank, d.created_at DESC, d.id',
      newest: 'd.created_at DESC, d.id',
      oldest: 'd.created_at, d.id DESC',
      'price-desc': 'd.price DESC, d.created_at DESC, d.id',
      'price-asc': 'd.price, d.created_at DESC, d.id',
    }[sort as 'newest'];
    const items =
      sort === 'relevance' && match
        ? prepare(
            `SELECT d.result FROM documents d JOIN (SELECT rowid, bm25(search, 1.0, 100.0, 10.0, 1.0, 1.0) AS rank FROM search WHERE search MATCH ?) t ON t.rowid = d.rowid WHERE ${all.sql} ORDER BY ${order} LIMIT ?`,
          )
            .pluck()
            .all(match, ...all.args, limit + 1)
        : prepare(`SELECT d.result FROM documents d WHERE ${all.sql} ORDER BY ${order} LIMIT ?`)
            .pluck()
            .all(...all.args, limit + 1);
    const total = prepare(`SELECT count(*) FROM documents d WHERE ${all.sql}`)
      .pluck()
      .get(...all.args);
    const facets: Record<string, Record<string, number>> = {};
    for (const facet of Object.keys(FACETS) as Facet[]) {
      const scope = chosen[facet] ? where(facet) : all;
      const rows =
        facet === 'format'
          ? prepare(
              `SELECT f.format AS v, count(*) AS n FROM documents d JOIN formats f ON f.docid = d.rowid WHERE ${scope.sql} GROUP BY f.format`,
            ).all(...scope.args)
          : prepare(
              `SELECT d.${FACETS[facet]} AS v, count(*) AS n FROM documents d WHERE ${scope.sql} GROUP BY d.${FACETS[facet]}`,
            ).all(...scope.args);
      facets[facet] = Object.fromEntries(
        (rows as { v: string; n: number }[]).map((row) => [String(row.v), row.n]),
      );
    }
    const page = (items as string[]).slice(0, limit).map((text) => JSON.parse(text) as unknown);
    return { items: page, total, facets, nextCursor: items.length > limit ? 'more' : null };
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/documents') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.stringify(search(url.searchParams));
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (require.main === module) {
  const [file, port] = process.argv.slice(2);
  if (!file || !port) throw new Error('usage: fts5-server <database file> <port>');
  serveFts5(file, Number(port));
}
