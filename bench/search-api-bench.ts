import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { parseSearchParameters } from '../server/src/api/search/search-parameters';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../server/src/infrastructure/read-store/embedded-read-store';
import type { ReadStore } from '../server/src/infrastructure/read-store/read-store.port';
import { openSqliteDatabase, type SqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { FILE_PROCESSING_CHECKPOINT } from '../server/src/processes/file-processing/file-processing.process-manager';
import { ProjectionRunner, REBUILD_BATCH_SIZE } from '../server/src/projections/projection-runner';
import { ALL_PROJECTIONS } from '../server/src/projections/projections.module';
import { SearchProjection } from '../server/src/projections/search/search.projection';
import { SearchDocumentsHandler } from '../server/src/queries/search/search-documents.handler';
import { SearchDocumentsQuery, type SearchResult } from '../server/src/queries/search/search-documents.query';
import { type CatalogueSize, writeCatalogue } from './fixtures/catalogue-writer';
import { queryObject, type Search, searchMix } from './fixtures/search-mix';
import { BENCH_NOW } from './projection-rebuild-bench';
import { InMemoryReadStore } from './reference/in-memory-read-store';
import { buildFts5Database } from './support/fts5-server';
import { startMeasured } from './support/measured-process';
import { type JsonValue, note, percentile, perSecond, printLine, round } from './support/report';

export interface SearchBenchSizes {
  readonly catalogue: CatalogueSize;
  /** Distinct searches sent one at a time for the latency figures (after `warmup` unmeasured ones). */
  readonly latencyRequests: number;
  readonly warmup: number;
  /** autocannon: seconds per run and open connections. */
  readonly loadSeconds: number;
  readonly connections: number;
  /** Searches for the load without repeats (more than the server answers in `loadSeconds`). */
  readonly distinctSearches: number;
}

/** Rows per transaction in the raw insert loop (the runner commits once per REBUILD_BATCH_SIZE events, fewer rows). */
const RAW_BATCH = REBUILD_BATCH_SIZE;

/**
 * `count` different searches for a load without repeats: the searches of the mix, each with page sizes from
 * 11 to 50 (a different page size is a different search to the result cache, and nearly the same work).
 */
export function distinctSearches(count: number): string[] {
  const found = new Set<string>();
  const mix = searchMix(count);
  for (let i = 0; found.size < count && i < count * 50; i++) {
    const search = mix[i % mix.length]!;
    const limit = `limit=${11 + ((Math.floor(i / mix.length) * 7 + i) % 40)}`;
    found.add(`/api/documents?${search.query ? `${search.query}&` : ''}${limit}`);
  }
  return [...found];
}

interface Answer {
  readonly ms: number;
  readonly total: number;
  readonly nextCursor: string | null;
  readonly bytes: number;
}

async function get(url: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text}`);
  const body = JSON.parse(text) as { total: number; nextCursor: string | null };
  return { ms, total: body.total, nextCursor: body.nextCursor, bytes: Buffer.byteLength(text) };
}

function latency(ms: readonly number[]) {
  return {
    p50Ms: round(percentile(ms, 50), 1),
    p95Ms: round(percentile(ms, 95), 1),
    p99Ms: round(percentile(ms, 99), 1),
    maxMs: round(Math.max(...ms), 1),
  };
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
}

/**
 * autocannon in a child process (its own event loop, the other core). `cycle`: every connection goes
 * through `paths` in order (so all but the first ask what another just asked); `once`: the connections
 * take the next path of one shared list, so no search repeats while the list lasts.
 */
export function loadTest(
  base: string,
  paths: readonly string[],
  seconds: number,
  connections: number,
  order: 'cycle' | 'once' = 'cycle',
): Promise<LoadResult> {
  const code = `
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk));
    process.stdin.on('end', () => {
      const options = JSON.parse(input);
      let next = 0;
      require(options.module)({
        url: options.base,
        connections: options.connections,
        duration: options.seconds,
        requests: options.order === 'once'
          ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] }) }]
          : options.paths.map((path) => ({ method: 'GET', path })),
      }).then((r) => process.stdout.write(JSON.stringify({
        requestsPerSecond: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99,
        requests: r.requests.total, non2xx: r.non2xx, errors: r.errors,
      })), (e) => { process.stderr.write(String(e)); process.exitCode = 1; });
    });`;
  const options = { module: require.resolve('autocannon'), base, paths, seconds, connections, order };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify(options));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (status) => {
      if (status === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`autocannon exited with ${status}`));
    });
  });
}

/** The rows a collection holds in the embedded read store (its `_id` and JSON), read through SQL. */
function storedRows(db: SqliteDatabase, collection: string): { id: string; doc: string }[] {
  const table = db
    .prepare<[string], { id: number }>('SELECT id FROM rs_collections WHERE name = ?')
    .get(collection);
  if (!table) return [];
  return db
    .prepare<[], { id: string; doc: string }>(`SELECT id, doc FROM rs${table.id}_docs ORDER BY docno`)
    .all();
}

/** The floor for a rebuild: the same rows the projection wrote, inserted by a bare better-sqlite3 loop. */
function rawInsert(file: string, collections: readonly string[]): { rows: number; ms: number } {
  const db = openSqliteDatabase(file);
  try {
    db.exec(
      'CREATE TABLE bench_raw (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id))',
    );
    const rows = collections.flatMap((collection) =>
      storedRows(db, collection).map((row) => [collection, row.id, row.doc] as const),
    );
    const insert = db.prepare<[string, string, string]>(
      'INSERT INTO bench_raw (collection, id, doc) VALUES (?, ?, ?)',
    );
    const started = performance.now();
    for (let i = 0; i < rows.length; i += RAW_BATCH) {
      db.transaction(() => {
        for (const row of rows.slice(i, i + RAW_BATCH)) insert.run(...row);
      })();
    }
    const ms = performance.now() - started;
    db.exec('DROP TABLE bench_raw');
    return { rows: rows.length, ms };
  } finally {
    db.close();
  }
}

interface Rebuilt {
  readonly name: string;
  readonly collections: readonly string[];
  readonly events: number;
  readonly handled: number;
  readonly ms: number;
  readonly cpuMs: number;
}

/** Times a rebuild: wall clock, and the process's CPU time (all threads), which a busy machine inflates less. */
async function timed(
  name: string,
  collections: readonly string[],
  rebuild: () => Promise<{ events: number }>,
): Promise<Omit<Rebuilt, 'handled'>> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { events } = await rebuild();
  const used = process.cpuUsage(cpu);
  return {
    name,
    collections,
    events,
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/**
 * Rebuilds every projection on the fixture one by one, then search and catalogue together in one pass over
 * the log; prints each beside the raw insert loop of the same rows. Leaves the file-processing manager's
 * checkpoint at the head, as a server that has run a while has it (the fixture's files are all processed).
 */
export async function rebuildAll(file: string, head: bigint | null, tag: string): Promise<void> {
  const db = openSqliteDatabase(file);
  const eventStore = new SqliteEventStore(db);
  const readStore = new EmbeddedReadStore(db);
  const projections = ALL_PROJECTIONS();
  const runner = new ProjectionRunner(eventStore, readStore, projections);
  const measured: Rebuilt[] = [];
  const collectionsOf = (names: readonly string[]) =>
    projections.filter((p) => names.includes(p.name)).flatMap((p) => p.collections);
  try {
    let handled = new Map(projections.map((p) => [p.name, 0]));
    for (let after: bigint | null = null; ;) {
      const page = await eventStore.readAll(after, 5_000);
      if (page.length === 0) break;
      for (const projection of projections)
        handled.set(
          projection.name,
          handled.get(projection.name)! + page.filter((e) => projection.handles(e.type)).length,
        );
      after = page.at(-1)!.position;
    }
    for (const projection of projections) {
      note(`${tag}: rebuilding ${projection.name}`);
      const result = await timed(projection.name, projection.collections, () =>
        runner.rebuild(projection.name),
      );
      measured.push({ ...result, handled: handled.get(projection.name)! });
    }
    if (tag === 'search') {
      const pair = ['search', 'catalogue'];
      note(`${tag}: rebuilding search and catalogue together, in one pass over the log`);
      const together = await timed(pair.join('+'), collectionsOf(pair), () => runner.rebuildTogether(pair));
      measured.push({ ...together, handled: handled.get('search')! + handled.get('catalogue')! });
    }
    await readStore.transaction(FILE_PROCESSING_CHECKPOINT, (tx) => {
      if (head !== null) tx.setCheckpoint(head);
      return Promise.resolve();
    });
    handled = new Map();
  } finally {
    await readStore.close();
    await eventStore.close();
    db.close();
  }
  for (const { name, collections, events, handled, ms, cpuMs } of measured) {
    const raw = rawInsert(file, collections);
    printLine({
      bench: tag === 'money' ? 'projection-rebuild-money' : 'projection-rebuild-100k',
      projection: name,
      events,
      handledEvents: handled,
      readModels: raw.rows,
      ms: round(ms),
      eventsPerSecond: perSecond(events, ms),
      cpuMs: round(cpuMs),
      eventsPerCpuSecond: perSecond(events, cpuMs),
      target: 50_000,
      rawInsertMs: round(raw.ms),
      ratio_ours_over_raw: round(raw.ms / ms, 3),
    });
  }
}

/**
 * Bytes per document: every table and index of the read store's collections (dbstat), beside a plain
 * table `(id TEXT PRIMARY KEY, doc TEXT)` per collection holding the same rows in a file of its own.
 */
function printStorage(file: string, documents: number, dir: string): void {
  const db = openSqliteDatabase(file);
  const plainFile = join(dir, 'plain.sqlite');
  const plain = openSqliteDatabase(plainFile);
  try {
    const collections = db
      .prepare<[], { id: number; name: string }>('SELECT id, name FROM rs_collections')
      .all();
    const bytesOf = (database: SqliteDatabase, like: string) =>
      database
        .prepare<[string], number>(
          "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE ? ESCAPE '\\'",
        )
        .pluck()
        .get(like)!;
    let ours = 0;
    let theirs = 0;
    const perCollection: Record<string, JsonValue> = {};
    for (const { id, name } of collections) {
      const rows = storedRows(db, name);
      if (rows.length === 0) continue;
      const table = `plain_${id}`;
      plain.exec(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
      const insert = plain.prepare<[string, string]>(`INSERT INTO ${table} (id, doc) VALUES (?, ?)`);
      plain.transaction(() => {
        for (const row of rows) insert.run(row.id, row.doc);
      })();
      const mine = bytesOf(db, `rs${id}\\_%`);
      const plainBytes = bytesOf(plain, `%${table}%`);
      ours += mine;
      theirs += plainBytes;
      perCollection[name] = {
        rows: rows.length,
        bytes: mine,
        plainBytes,
        ratio: round(mine / plainBytes, 2),
      };
    }
    const total = ours + bytesOf(db, 'rs\\_%');
    printLine({
      bench: 'read-store-bytes',
      documents,
      bytes: total,
      bytesPerDocument: round(total / documents),
      plainTableBytesPerDocument: round(theirs / documents),
      ratio_ours_over_plain: round(total / theirs, 2),
      target: 'at most 2',
      collections: perCollection,
      note: 'every table and index of the read store (dbstat) beside a plain (id, doc) table per collection of the same rows',
    });
  } finally {
    db.close();
    plain.close();
  }
}

interface Timed<T> {
  readonly ms: number;
  readonly value: T;
}

async function time<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** A search's answer as compared between engines: the page's ids, the total and the facet counts. */
function answerKey(result: SearchResult): string {
  const facets = Object.fromEntries(
    Object.entries(result.facets).map(([facet, counts]) => [
      facet,
      Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1))),
    ]),
  );
  return JSON.stringify([result.items.map((item) => item.id), result.total, facets, result.nextCursor]);
}

/**
 * First-time searches in process (the query handler without its result cache): ours on the file, beside
 * the in-memory engine of 2026-11-26 (bench/reference) on the same events; and whether every answer of the
 * mix (page, total, facets, next cursor) is the same.
 */
async function compareInProcess(file: string, queries: readonly string[], warmup: number): Promise<void> {
  const run = async (readStore: ReadStore) => {
    const criteria = queries.map((query) => parseSearchParameters(queryObject(query)));
    const fresh = () => new SearchDocumentsHandler(readStore);
    const first = await time(() => fresh().execute(new SearchDocumentsQuery(criteria[0]!)));
    for (const c of criteria.slice(0, warmup)) await fresh().execute(new SearchDocumentsQuery(c));
    const times: number[] = [];
    const answers: string[] = [];
    for (const c of criteria) {
      const handler = fresh();
      const { ms, value } = await time(() => handler.execute(new SearchDocumentsQuery(c)));
      times.push(ms);
      answers.push(answerKey(value));
    }
    return { firstMs: first.ms, times, answers };
  };

  note('search: first-time searches in process, ours (on disk)');
  const db = openSqliteDatabase(file);
  let ours: Awaited<ReturnType<typeof run>>;
  try {
    const readStore = new EmbeddedReadStore(db);
    ours = await run(readStore);
    await readStore.close();
  } finally {
    db.close();
  }

  note('search: the same with the in-memory engine of 2026-11-26 (its search read model rebuilt first)');
  const referenceDb = openSqliteDatabase(file);
  let theirs: Awaited<ReturnType<typeof run>>;
  let referenceLoadMs: number;
  try {
    const eventStore = new SqliteEventStore(referenceDb);
    const reference = new InMemoryReadStore(referenceDb);
    await new ProjectionRunner(eventStore, reference, [new SearchProjection()]).rebuild('search');
    await reference.close();
    const reopened = new InMemoryReadStore(referenceDb);
    const started = performance.now();
    await reopened.collection('search_documents').count({ status: 'published' });
    referenceLoadMs = performance.now() - started;
    theirs = await run(reopened);
    await reopened.close();
    await eventStore.close();
    // The reference engine's tables go, so the server below finds only ours.
    referenceDb.exec(
      'DROP TABLE read_models; DROP TABLE read_model_indexes; DROP TABLE read_model_versions;',
    );
  } finally {
    referenceDb.close();
  }
  const different = ours.answers.filter((answer, i) => answer !== theirs.answers[i]).length;
  const line = (impl: string, result: typeof ours) => ({
    bench: 'search-in-process',
    impl,
    searches: result.times.length,
    note: 'first-time searches (no result cache) with their total and four facet counts, after the same warm-up',
    p50Ms: round(percentile(result.times, 50), 2),
    p95Ms: round(percentile(result.times, 95), 2),
    meanMs: round(result.times.reduce((sum, ms) => sum + ms, 0) / result.times.length, 2),
    firstAfterOpenMs: round(result.firstMs, 1),
  });
  printLine(line('lepinguturg embedded read store (on disk)', ours));
  printLine({
    ...line('in-memory engine of 2026-11-26 (bench/reference)', theirs),
    loadAtFirstQueryMs: round(referenceLoadMs),
  });
  printLine({
    bench: 'search-in-process',
    ours: 'on disk',
    theirs: 'in memory (2026-11-26)',
    ratio_p50_ours_over_theirs: round(percentile(ours.times, 50) / percentile(theirs.times, 50), 2),
    ratio_mean_ours_over_theirs: round(
      ours.times.reduce((a, b) => a + b, 0) / theirs.times.reduce((a, b) => a + b, 0),
      2,
    ),
    target: 'at most 2',
    searchesCompared: ours.answers.length,
    identicalAnswers: different === 0,
    differentAnswers: different,
  });
}

interface ServerFigures {
  readonly startToFirstOkMs: number;
  readonly rssMb: number;
  readonly peakMb: number;
  readonly latency: number[];
  readonly uncached: number[];
}

/**
 * One server under the search load: started (timed to its first 200), the mix one request at a time
 * (first `warmup` unmeasured), autocannon cycling through 50 searches, then its memory.
 */
async function underLoad(
  name: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  sizes: SearchBenchSizes,
  extra?: (base: string, mix: readonly Search[]) => Promise<void>,
): Promise<ServerFigures> {
  note(`search: starting ${name}`);
  const server = await startMeasured(args, env, '/api/documents');
  try {
    const url = (query: string) => `${server.base}/api/documents${query ? `?${query}` : ''}`;
    const mix = searchMix(sizes.warmup + sizes.latencyRequests);
    for (const search of mix.slice(0, sizes.warmup)) await get(url(search.query));
    const asked = new Set(mix.slice(0, sizes.warmup).map((s) => s.query));
    const latencies: number[] = [];
    const uncached: number[] = [];
    for (const search of mix.slice(sizes.warmup)) {
      const answer = await get(url(search.query));
      latencies.push(answer.ms);
      if (!asked.has(search.query)) uncached.push(answer.ms);
      asked.add(search.query);
    }
    await extra?.(server.base, mix);
    const paths = mix.slice(0, 50).map((s) => `/api/documents${s.query ? `?${s.query}` : ''}`);
    await loadTest(server.base, paths, sizes.loadSeconds, sizes.connections);
    const memory = server.memory();
    return { startToFirstOkMs: server.startToFirstOkMs, ...memory, latency: latencies, uncached };
  } finally {
    await server.stop();
  }
}

/**
 * The search at catalogue scale: documents written through the deciders (so through events), every
 * projection rebuilt, the read store's bytes, first-time searches in process beside the in-memory engine
 * of 2026-11-26, then the real server in a process of its own (start, latency, throughput, memory) beside
 * an FTS5-backed server holding the same documents, each also run empty for the memory per document.
 */
export async function runSearchApiBench(dir: string, sizes: SearchBenchSizes): Promise<void> {
  const dataDir = join(dir, 'data');
  const file = join(dataDir, 'lepinguturg.sqlite');
  note(`search: writing ${sizes.catalogue.documents} published documents through the deciders`);
  const db = openSqliteDatabase(file);
  const eventStore = new SqliteEventStore(db);
  const written = await writeCatalogue(db, eventStore, sizes.catalogue, BENCH_NOW);
  await eventStore.close();
  db.close();
  printLine({
    bench: 'search-fixture',
    documents: written.documents,
    languages: 'et, en',
    events: written.events,
    writeMs: round(written.ms),
    eventsPerSecond: perSecond(written.events, written.ms),
  });

  await rebuildAll(file, written.head, 'search');
  printStorage(file, written.documents, dir);

  // The FTS5 peer's file, from our search read model's published and draft documents.
  const ftsFile = join(dir, 'fts5.sqlite');
  const source = openSqliteDatabase(file);
  let ftsMs: number;
  try {
    const started = performance.now();
    buildFts5Database(
      ftsFile,
      storedRows(source, 'search_documents').map(
        (row) => JSON.parse(row.doc) as { _id: string; status: string },
      ),
    );
    ftsMs = performance.now() - started;
  } finally {
    source.close();
  }
  const emptyFts = join(dir, 'fts5-empty.sqlite');
  buildFts5Database(emptyFts, []);

  const queries = [...new Set(searchMix(sizes.warmup + sizes.latencyRequests).map((s) => s.query))];
  await compareInProcess(file, queries, sizes.warmup);

  // The server's own Node flags (scripts/lib/node-flags.mjs, passed by scripts/bench.mjs), as `npm start` runs it.
  const serverFlags = process.env.BENCH_SERVER_PROCESS_FLAGS?.split(' ').filter(Boolean) ?? process.execArgv;
  const serverArgs = [...serverFlags, join(__dirname, 'support', 'server-process.js')];
  const serverEnv = {
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    PURCHASE_SWEEP_SECONDS: '0',
    CLIENT_DIST_DIR: join(dir, 'no-client'),
  };
  const ftsArgs = [join(__dirname, 'support', 'fts5-server.js')];

  let nextPages: number[] = [];
  let throughput: {
    ours: LoadResult;
    uncached: LoadResult;
    bare: LoadResult;
    bareLatency: number[];
    bytes: number;
  } | null = null;
  const ours = await underLoad(
    'our server (100,000 documents)',
    serverArgs,
    { ...serverEnv, DATA_DIR: dataDir },
    sizes,
    async (base, mix) => {
      const url = (query: string) => `${base}/api/documents${query ? `?${query}` : ''}`;
      nextPages = [];
      for (const search of mix.slice(0, 40)) {
        const first = await get(url(search.query));
        if (first.nextCursor)
          nextPages.push(
            (await get(url(`${search.query ? `${search.query}&` : ''}cursor=${first.nextCursor}`))).ms,
          );
      }
      const paths = mix.slice(0, 50).map((s) => `/api/documents${s.query ? `?${s.query}` : ''}`);
      note(
        `search: autocannon, ${sizes.connections} connections, ${sizes.loadSeconds} s, ${paths.length} distinct searches`,
      );
      const cycled = await loadTest(base, paths, sizes.loadSeconds, sizes.connections);
      const unrepeated = distinctSearches(sizes.distinctSearches);
      note(`search: autocannon again, ${unrepeated.length} searches none of which repeats`);
      const uncached = await loadTest(base, unrepeated, sizes.loadSeconds, sizes.connections, 'once');
      const body = await (await fetch(url(''))).text();
      const bare = await bareServer(body);
      try {
        const bareLatency: number[] = [];
        for (const search of mix.slice(sizes.warmup))
          bareLatency.push((await get(`${bare.base}/?${search.query}`)).ms);
        const bareLoad = await loadTest(bare.base, paths, sizes.loadSeconds, sizes.connections);
        throughput = { ours: cycled, uncached, bare: bareLoad, bareLatency, bytes: Buffer.byteLength(body) };
      } finally {
        await new Promise((resolve) => bare.server.close(resolve));
      }
    },
  );
  const oursEmpty = await underLoad(
    'our server (empty)',
    serverArgs,
    { ...serverEnv, DATA_DIR: join(dir, 'empty') },
    sizes,
  );
  const fts = await underLoad('the FTS5 server (100,000 documents)', [...ftsArgs, ftsFile], {}, sizes);
  const ftsEmpty = await underLoad('the FTS5 server (empty)', [...ftsArgs, emptyFts], {}, sizes);

  const documents = written.documents;
  printLine({
    bench: 'search-latency',
    impl: 'lepinguturg GET /api/documents (server process)',
    documents,
    requests: ours.latency.length,
    answeredFromCache: ours.latency.length - ours.uncached.length,
    ...latency(ours.latency),
    target: 'p95 under 20 ms',
  });
  printLine({
    bench: 'search-latency-uncached',
    impl: 'lepinguturg',
    requests: ours.uncached.length,
    ...latency(ours.uncached),
  });
  printLine({
    bench: 'search-latency',
    impl: 'FTS5 server (bench/support/fts5-server.ts)',
    documents,
    requests: fts.latency.length,
    ...latency(fts.latency),
  });
  printLine({ bench: 'search-latency-next-page', requests: nextPages.length, ...latency(nextPages) });
  if (throughput) {
    const t = throughput as {
      ours: LoadResult;
      uncached: LoadResult;
      bare: LoadResult;
      bareLatency: number[];
      bytes: number;
    };
    printLine({
      bench: 'search-latency-bare',
      impl: 'bare node:http, precomputed body, the same client',
      requests: t.bareLatency.length,
      ...latency(t.bareLatency),
    });
    printLine({
      bench: 'search-throughput',
      impl: 'lepinguturg GET /api/documents',
      bytes: t.bytes,
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...t.ours,
    });
    printLine({
      bench: 'search-throughput',
      impl: 'bare node:http, precomputed body',
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...t.bare,
    });
    printLine({
      bench: 'search-throughput',
      ours: 'lepinguturg',
      theirs: 'bare node:http',
      ratio_ours_over_theirs: round(t.ours.requestsPerSecond / t.bare.requestsPerSecond, 3),
    });
    printLine({
      bench: 'search-throughput-uncached',
      impl: 'lepinguturg GET /api/documents, no search repeated (page sizes 11-50)',
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...t.uncached,
      ratio_over_bare: round(t.uncached.requestsPerSecond / t.bare.requestsPerSecond, 3),
    });
  }
  printLine({
    bench: 'server-start',
    documents,
    oursMs: round(ours.startToFirstOkMs),
    fts5Ms: round(fts.startToFirstOkMs),
    oursEmptyMs: round(oursEmpty.startToFirstOkMs),
    fts5EmptyMs: round(ftsEmpty.startToFirstOkMs),
    ratio_ours_over_fts5: round(ours.startToFirstOkMs / fts.startToFirstOkMs, 1),
    target: 'under 3000 ms and under 10 times the FTS5 server',
    note: 'from spawning the process to the first 200 of GET /api/documents',
  });
  printLine({
    bench: 'server-memory',
    documents,
    oursRssMb: ours.rssMb,
    oursPeakMb: ours.peakMb,
    fts5RssMb: fts.rssMb,
    fts5PeakMb: fts.peakMb,
    oursEmptyRssMb: oursEmpty.rssMb,
    fts5EmptyRssMb: ftsEmpty.rssMb,
    ratio_ours_over_fts5: round(ours.rssMb / fts.rssMb, 2),
    oursBytesPerAddedDocument: round(((ours.rssMb - oursEmpty.rssMb) * 2 ** 20) / documents),
    fts5BytesPerAddedDocument: round(((fts.rssMb - ftsEmpty.rssMb) * 2 ** 20) / documents),
    fts5BuildMs: round(ftsMs),
    target: 'at most 300 MB and at most 3 times the FTS5 server',
    note: 'VmRSS of each server process after the same search load (the latency mix and autocannon); per added document: against the same server empty',
  });
}

async function bareServer(body: string): Promise<{ server: Server; base: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bare server has no TCP address');
  return { server, base: `http://127.0.0.1:${address.port}` };
}
