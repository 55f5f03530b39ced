import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCatalogue } from '../../bench/fixtures/catalogue-writer';
import { InMemoryReadStore } from '../../bench/reference/in-memory-read-store';
import { searchMix, queryObject } from '../../bench/fixtures/search-mix';
import { parseSearchParameters } from '../../server/src/api/search/search-parameters';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { SearchProjection } from '../../server/src/projections/search/search.projection';
import { SearchDocumentsHandler } from '../../server/src/queries/search/search-documents.handler';
import {
  SearchDocumentsQuery,
  type SearchResult,
} from '../../server/src/queries/search/search-documents.query';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import {
  openSqliteDatabase,
  type SqliteDatabase,
} from '../../server/src/infrastructure/sqlite/sqlite-database';
import { EmbeddedReadStore } from '../../server/src/infrastructure/read-store/embedded-read-store';
import type {
  FindOptions,
  Filter,
  ReadCollection,
  ReadModel,
  ReadStore,
} from '../../server/src/infrastructure/read-store/read-store.port';

/**
 * The search engine answers as it did before the read store moved to disk (issue 28): the bench's whole
 * query mix, plus title, author and uploader searches, runs against a catalogue of DOCUMENTS documents
 * written through the deciders. Every call the search query made to the read store (find, count, facet
 * counts) must give the answer recorded in test/fixtures/search-answers.json, recorded from the
 * in-memory engine of 2026-11-26 before the new one was written (`CAPTURE_SEARCH_ANSWERS=1` records it
 * again, from that engine, kept as bench/reference). And every search, with its next page, must give
 * the same page, total and facet counts as that engine does on the same events, live.
 */
const DOCUMENTS = 3000;
const NOW = new Date('2026-11-21T12:00:00.000Z');
const ANSWERS = join(__dirname, '../fixtures/search-answers.json');
const CAPTURE = process.env['CAPTURE_SEARCH_ANSWERS'] === '1';

/** Searches the bench does not send but people do: by title, by author or uploader, an uploader's page. */
const EXTRA = [
  'title=leping',
  'title=t%C3%B6%C3%B6leping&sort=price-asc',
  'author=kadri',
  'author=tamm&q=leping',
  'q=ja',
  'q=leping%20ja%20t%C3%B6%C3%B6',
  'q=%C3%BC%C3%BCrileping&language=et&sort=oldest',
  'q=agreement&format=pdf&fieldOfLaw=contract&year=2025',
  'q=zzzz',
  'q=le',
  'limit=50&sort=price-desc',
];

interface Call {
  readonly collection: string;
  readonly method: 'find' | 'findOne' | 'count' | 'countBy';
  readonly args: readonly unknown[];
  answer?: unknown;
}

interface Recorded {
  readonly documents: number;
  /** Document ids in the order the answers first name them; answers name documents by index here. */
  readonly ids: string[];
  readonly calls: Call[];
  readonly searches: { query: string; total: number; facets: SearchResult['facets']; ids: number[] }[];
}

/** Document ids as small numbers, so the recorded file stays small. */
class IdTable {
  readonly ids: string[] = [];
  private readonly index = new Map<string, number>();
  constructor(ids: readonly string[] = []) {
    for (const id of ids) this.of(id);
  }
  of(id: string): number {
    let n = this.index.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(id);
      this.index.set(id, n);
    }
    return n;
  }
}

/** Object keys in sorted order, so two answers that differ only in key order hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

function hash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex')
    .slice(0, 24);
}

/** An answer as kept in the file: a page as its ids (and scores) plus a hash of every field. */
function summary(method: Call['method'], answer: unknown, table: IdTable): unknown {
  if (method === 'find') {
    const docs = answer as ReadModel[];
    return {
      ids: docs.map((doc) => table.of(doc._id)),
      scores: docs.map((doc) => doc['score'] ?? null),
      hash: hash(docs),
    };
  }
  if (method === 'findOne') return answer === null ? null : hash(answer);
  return answer;
}

/** A read store that notes every read the search query makes, with its answer. */
function recording(store: ReadStore, calls: Call[], table: IdTable): ReadStore {
  const wrap = (name: string, collection: ReadCollection): ReadCollection => {
    const note = async <R>(method: Call['method'], args: unknown[], run: () => Promise<R>): Promise<R> => {
      const answer = await run();
      calls.push({
        collection: name,
        method,
        args: structuredClone(args),
        answer: summary(method, answer, table),
      });
      return answer;
    };
    return {
      find: (filter: Filter, options?: FindOptions) =>
        note('find', options ? [filter, options] : [filter], () => collection.find(filter, options)),
      findOne: (filter: Filter) => note('findOne', [filter], () => collection.findOne(filter)),
      count: (filter: Filter) => note('count', [filter], () => collection.count(filter)),
      countBy: (filter: Filter, fields: readonly string[]) =>
        note('countBy', [filter, fields], () => collection.countBy(filter, fields)),
      aggregate: (pipeline) => collection.aggregate(pipeline),
    };
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'collection') return (name: string) => wrap(name, target.collection(name));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe('search answers: the same as the in-memory engine of 2026-11-26 on the bench query mix', () => {
  const directory = mkdtempSync(join(tmpdir(), 'search-answers-'));
  let db: SqliteDatabase;
  let referenceDb: SqliteDatabase;
  let store: EmbeddedReadStore;
  /** The engine of 2026-11-26 (bench/reference), on a file of its own with the same events. */
  let reference: InMemoryReadStore;
  let queries: string[];

  /** The catalogue's events in a new file, and the search read model built from them by `store`. */
  async function built<S extends ReadStore>(
    file: string,
    open: (db: SqliteDatabase) => S,
  ): Promise<[SqliteDatabase, S]> {
    const database = openSqliteDatabase(join(directory, file));
    const eventStore = new SqliteEventStore(database);
    await writeCatalogue(
      database,
      eventStore,
      { documents: DOCUMENTS, uploaders: 8, baskets: 0, secondFileEvery: 10 },
      NOW,
    );
    const readStore = open(database);
    await new ProjectionRunner(eventStore, readStore, [new SearchProjection()]).rebuild('search');
    return [database, readStore];
  }

  beforeAll(async () => {
    [db, store] = await built('answers.sqlite', (database) => new EmbeddedReadStore(database));
    [referenceDb, reference] = await built('reference.sqlite', (database) => new InMemoryReadStore(database));
    queries = [...new Set([...searchMix(520).map((search) => search.query), ...EXTRA])];
  }, 120_000);

  afterAll(async () => {
    await store.close();
    await reference.close();
    db.close();
    referenceDb.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Every search of the mix, then the next page of each that has one, as the search route runs them. */
  async function runAll(readStore: ReadStore, table: IdTable): Promise<Recorded['searches']> {
    const handler = new SearchDocumentsHandler(readStore);
    const searches: Recorded['searches'] = [];
    const ask = async (query: string) => {
      const result = await handler.execute(
        new SearchDocumentsQuery(parseSearchParameters(queryObject(query))),
      );
      searches.push({
        query,
        total: result.total,
        facets: result.facets,
        ids: result.items.map((item) => table.of(item.id)),
      });
      return result;
    };
    for (const query of queries) {
      const first = await ask(query);
      if (first.nextCursor) await ask(`${query ? `${query}&` : ''}cursor=${first.nextCursor}`);
    }
    return searches;
  }

  (CAPTURE ? it : it.skip)(
    'records the answers of the in-memory engine (CAPTURE_SEARCH_ANSWERS=1)',
    async () => {
      const calls: Call[] = [];
      const table = new IdTable();
      const searches = await runAll(recording(reference, calls, table), table);
      const unique = new Map(
        calls.map((call) => [JSON.stringify([call.collection, call.method, call.args]), call]),
      );
      const recorded: Recorded = {
        documents: DOCUMENTS,
        ids: table.ids,
        calls: [...unique.values()],
        searches,
      };
      writeFileSync(ANSWERS, `${JSON.stringify(recorded)}\n`);
    },
    120_000,
  );

  const recorded = (): Recorded => JSON.parse(readFileSync(ANSWERS, 'utf8')) as Recorded;

  it('gives every recorded read-store call its recorded answer', async () => {
    expect(existsSync(ANSWERS)).toBe(true);
    const { calls, documents, ids } = recorded();
    const table = new IdTable(ids);
    expect(documents).toBe(DOCUMENTS);
    expect(calls.length).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const call of calls) {
      const collection = store.collection(call.collection);
      const [first, second] = call.args as [Filter, unknown];
      const answer =
        call.method === 'find'
          ? await collection.find(first, second as FindOptions | undefined)
          : call.method === 'findOne'
            ? await collection.findOne(first)
            : call.method === 'count'
              ? await collection.count(first)
              : await collection.countBy(first, second as string[]);
      const got = summary(call.method, answer, table);
      // Facet counts are objects whose key order means nothing (the page looks each value up).
      if (JSON.stringify(canonical(got)) !== JSON.stringify(canonical(call.answer)))
        wrong.push(
          `${call.method} ${JSON.stringify(call.args)}: expected ${JSON.stringify(call.answer)}, got ${JSON.stringify(got)}`,
        );
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  }, 120_000);

  it('answers every search of the mix, and its next page, as the in-memory engine does on the same events', async () => {
    const table = new IdTable();
    const ours = await runAll(store, table);
    const theirs = await runAll(reference, table);
    expect(ours.length).toBeGreaterThan(300);
    expect(ours).toEqual(theirs);
  }, 120_000);
});
