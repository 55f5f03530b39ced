import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner, REBUILD_BATCH_SIZE } from '../server/src/projections/projection-runner';
import { ALL_PROJECTIONS } from '../server/src/projections/projections.module';
import { type CatalogueSize, writeCatalogue } from './fixtures/catalogue-writer';
import { BENCH_NOW } from './projection-rebuild-bench';
import { type Search, searchMix } from './fixtures/search-mix';
import { note, percentile, perSecond, printLine, round } from './support/report';

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
function distinctSearches(count: number): string[] {
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

interface LoadResult {
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
function loadTest(
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

/** The floor for a rebuild: the same rows the projection wrote, inserted by a bare better-sqlite3 loop. */
function rawInsert(file: string, collections: readonly string[]): { rows: number; ms: number } {
  const db = openSqliteDatabase(file);
  try {
    db.exec(
      'CREATE TABLE bench_raw (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id))',
    );
    const rows = collections.flatMap((collection) =>
      db
        .prepare<[string], { id: string; doc: string }>(
          'SELECT id, doc FROM read_models WHERE collection = ?',
        )
        .all(collection)
        .map((row) => [collection, row.id, row.doc] as const),
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
  readonly ms: number;
  readonly cpuMs: number;
}

/** Times a rebuild: wall clock, and the process's CPU time (all threads), which a busy machine inflates less. */
async function timed(
  name: string,
  collections: readonly string[],
  rebuild: () => Promise<{ events: number }>,
): Promise<Rebuilt> {
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
 * the log; prints search, catalogue and the pair beside the raw insert loop of the same rows.
 */
async function rebuildAll(file: string): Promise<void> {
  const db = openSqliteDatabase(file);
  const eventStore = new SqliteEventStore(db);
  const readStore = new EmbeddedReadStore(db);
  const projections = ALL_PROJECTIONS();
  const runner = new ProjectionRunner(eventStore, readStore, projections);
  const measured: Rebuilt[] = [];
  const collectionsOf = (names: readonly string[]) =>
    projections.filter((p) => names.includes(p.name)).flatMap((p) => p.collections);
  try {
    for (const projection of projections) {
      note(`search: rebuilding ${projection.name}`);
      measured.push(
        await timed(projection.name, projection.collections, () => runner.rebuild(projection.name)),
      );
    }
    const pair = ['search', 'catalogue'];
    note('search: rebuilding search and catalogue together, in one pass over the log');
    measured.push(await timed(pair.join('+'), collectionsOf(pair), () => runner.rebuildTogether(pair)));
  } finally {
    await readStore.close();
    await eventStore.close();
    db.close();
  }
  for (const { name, collections, events, ms, cpuMs } of measured) {
    if (!['search', 'catalogue', 'search+catalogue'].includes(name)) continue;
    const raw = rawInsert(file, collections);
    printLine({
      bench: 'projection-rebuild-100k',
      projection: name,
      events,
      readModels: raw.rows,
      ms: round(ms),
      eventsPerSecond: perSecond(events, ms),
      cpuMs: round(cpuMs),
      rawInsertMs: round(raw.ms),
      rawInsertEventsPerSecond: perSecond(events, raw.ms),
      ratio_ours_over_raw: round(raw.ms / ms, 3),
    });
  }
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

/**
 * The search at catalogue scale: documents written through the deciders (so through events), every
 * projection rebuilt, then the real server answering GET /api/documents: latency of distinct searches
 * one at a time, throughput under autocannon beside a bare node:http server answering a precomputed
 * result of the same size, and the server's memory.
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

  await rebuildAll(file);

  note('search: starting the server');
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    CLIENT_DIST_DIR: join(dir, 'no-client'),
  });
  const app = await createApp(config, { logger: ['error'] });
  try {
    const runner = app.get(ProjectionRunner);
    if (!(await runner.waitFor(written.head, runner.names, 60_000)))
      throw new Error('projections are behind');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const url = (query: string) => `${base}/api/documents${query ? `?${query}` : ''}`;

    note(`search: ${sizes.latencyRequests} distinct searches, one at a time`);
    const mix = searchMix(sizes.warmup + sizes.latencyRequests);
    for (const search of mix.slice(0, sizes.warmup)) await get(url(search.query));
    const asked = new Set(mix.slice(0, sizes.warmup).map((s) => s.query));
    const samples: (Search & Answer & { readonly cached: boolean })[] = [];
    for (const search of mix.slice(sizes.warmup)) {
      const cached = asked.has(search.query);
      asked.add(search.query);
      samples.push({ ...search, ...(await get(url(search.query))), cached });
    }
    const misses = samples.filter((s) => !s.cached);
    printLine({
      bench: 'search-latency',
      documents: written.documents,
      requests: samples.length,
      concurrency: 1,
      kinds: [...new Set(samples.map((s) => s.kind))],
      answeredFromCache: samples.length - misses.length,
      ...latency(samples.map((s) => s.ms)),
      avgTotal: round(samples.reduce((sum, s) => sum + s.total, 0) / samples.length),
    });
    printLine({
      bench: 'search-latency-uncached',
      requests: misses.length,
      ...latency(misses.map((s) => s.ms)),
    });
    for (const kind of new Set(misses.map((s) => s.kind))) {
      const ofKind = misses.filter((s) => s.kind === kind);
      printLine({
        bench: 'search-latency-uncached-kind',
        kind,
        requests: ofKind.length,
        ...latency(ofKind.map((s) => s.ms)),
      });
    }
    const pages: number[] = [];
    for (const search of mix.slice(0, 40)) {
      const first = await get(url(search.query));
      if (first.nextCursor)
        pages.push(
          (await get(url(`${search.query ? `${search.query}&` : ''}cursor=${first.nextCursor}`))).ms,
        );
    }
    printLine({ bench: 'search-latency-next-page', requests: pages.length, ...latency(pages) });

    const paths = mix.slice(0, 50).map((s) => `/api/documents${s.query ? `?${s.query}` : ''}`);
    const reference = await get(url(''));
    note(
      `search: autocannon, ${sizes.connections} connections, ${sizes.loadSeconds} s, ${paths.length} distinct searches`,
    );
    const ours = await loadTest(base, paths, sizes.loadSeconds, sizes.connections);
    const unrepeated = distinctSearches(sizes.distinctSearches);
    note(`search: autocannon again, ${unrepeated.length} searches none of which repeats`);
    const oursUncached = await loadTest(base, unrepeated, sizes.loadSeconds, sizes.connections, 'once');
    const memory = process.memoryUsage();
    const body = await (await fetch(url(''))).text();
    const bare = await bareServer(body);
    let theirs: LoadResult;
    let bareLatency: number[];
    try {
      // The same client, one at a time, against a server that does nothing: what the machine and the
      // client add to every latency figure above.
      bareLatency = [];
      for (const search of mix.slice(sizes.warmup))
        bareLatency.push((await get(`${bare.base}/?${search.query}`)).ms);
      theirs = await loadTest(bare.base, paths, sizes.loadSeconds, sizes.connections);
    } finally {
      await new Promise((resolve) => bare.server.close(resolve));
    }
    printLine({
      bench: 'search-latency-bare',
      impl: 'bare node:http, precomputed body, the same client',
      requests: bareLatency.length,
      ...latency(bareLatency),
    });
    printLine({
      bench: 'search-throughput',
      impl: 'lepinguturg GET /api/documents',
      bytes: reference.bytes,
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...ours,
    });
    printLine({
      bench: 'search-throughput',
      impl: 'bare node:http, precomputed body',
      bytes: Buffer.byteLength(body),
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...theirs,
    });
    printLine({
      bench: 'search-throughput',
      ours: 'lepinguturg',
      theirs: 'bare node:http',
      ratio_ours_over_theirs: round(ours.requestsPerSecond / theirs.requestsPerSecond, 3),
    });
    printLine({
      bench: 'search-throughput-uncached',
      impl: 'lepinguturg GET /api/documents, no search repeated (page sizes 11-50)',
      connections: sizes.connections,
      seconds: sizes.loadSeconds,
      ...oursUncached,
      ratio_over_bare: round(oursUncached.requestsPerSecond / theirs.requestsPerSecond, 3),
    });
    printLine({
      bench: 'search-memory',
      documents: written.documents,
      rssMb: round(memory.rss / 2 ** 20),
      heapUsedMb: round(memory.heapUsed / 2 ** 20),
      note: 'the server process after the load test (autocannon runs in a child process)',
    });
  } finally {
    await app.close();
  }
}
