import { join } from 'node:path';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from '../server/src/projections/projection-runner';
import { type CatalogueSize, type WrittenCatalogue, writeCatalogue } from './fixtures/catalogue-writer';
import { BENCH_NOW } from './projection-rebuild-bench';
import { note, percentile, perSecond, printLine, round } from './support/report';

export interface SearchBenchSizes {
  readonly catalogue: CatalogueSize;
  /** Measured requests (after `warmup` unmeasured ones), spread evenly over the query mix. */
  readonly requests: number;
  readonly warmup: number;
  readonly concurrency: number;
  /** Requests per query kind sent one at a time (service time, no queueing behind other requests). */
  readonly sequentialPerKind: number;
}

/** The query mix: what the catalogue page asks for. */
const QUERIES: readonly { readonly kind: string; readonly query: string }[] = [
  { kind: 'no-query', query: '' },
  { kind: 'text', query: 'q=leping' },
  { kind: 'filter', query: 'fieldOfLaw=employment' },
  { kind: 'sort', query: 'sort=price-desc' },
  { kind: 'deep-page', query: 'sort=oldest&offset=8000&limit=20' },
  { kind: 'combined', query: 'q=leping&language=et&sort=price-asc&offset=100' },
];

interface Sample {
  readonly kind: string;
  readonly ms: number;
  readonly total: number;
}

interface SearchPage {
  readonly items: readonly unknown[];
  readonly total: number;
}

function isSearchPage(value: unknown): value is SearchPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { items?: unknown }).items) &&
    typeof (value as { total?: unknown }).total === 'number'
  );
}

async function request(url: string, kind: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok || !isSearchPage(body))
    throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
  return { kind, ms, total: body.total };
}

/** Sends `count` requests, `concurrency` at a time, cycling through `queries`; a bounded loop. */
async function load(
  base: string,
  count: number,
  concurrency: number,
  queries: readonly (typeof QUERIES)[number][] = QUERIES,
): Promise<{ samples: Sample[]; ms: number }> {
  const samples: Sample[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const { kind, query } = queries[next % queries.length]!;
      next += 1;
      samples.push(await request(`${base}/api/documents${query ? `?${query}` : ''}`, kind));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { samples, ms: performance.now() - started };
}

function latencyFigures(samples: readonly Sample[]): { p50Ms: number; p95Ms: number; maxMs: number } {
  const ms = samples.map((s) => s.ms);
  return {
    p50Ms: round(percentile(ms, 50), 1),
    p95Ms: round(percentile(ms, 95), 1),
    maxMs: round(Math.max(...ms), 1),
  };
}

/** Writes the catalogue into the server's own SQLite file before the server starts. */
async function writeFixture(file: string, size: CatalogueSize): Promise<WrittenCatalogue> {
  const db = openSqliteDatabase(file);
  const eventStore = new SqliteEventStore(db);
  try {
    return await writeCatalogue(db, eventStore, size, BENCH_NOW);
  } finally {
    await eventStore.close();
    db.close();
  }
}

/**
 * Figure 5: the real server (createApp, embedded profile, temp DATA_DIR, 127.0.0.1, free port) over a
 * catalogue of published documents written through the deciders; real HTTP requests to GET /api/documents.
 */
export async function runSearchApiBench(dir: string, sizes: SearchBenchSizes): Promise<void> {
  const dataDir = join(dir, 'data');
  note(`search: writing ${sizes.catalogue.documents} published documents through the deciders`);
  const written = await writeFixture(join(dataDir, 'lepinguturg.sqlite'), sizes.catalogue);

  note('search: starting the server; projections catch up from the empty read store');
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    CLIENT_DIST_DIR: join(dir, 'no-client'),
  });
  const started = performance.now();
  const app = await createApp(config, { logger: ['error'] });
  try {
    const runner = app.get(ProjectionRunner);
    const caughtUp = await runner.waitFor(written.head, runner.names, 150_000);
    const catchUpMs = performance.now() - started;
    if (!caughtUp) throw new Error('projections did not catch up within 150 s');
    printLine({
      bench: 'search-api-fixture',
      documents: written.documents,
      events: written.events,
      writeMs: round(written.ms),
      startAndCatchUpMs: round(catchUpMs),
      catchUpEventsPerSecond: perSecond(written.events, catchUpMs),
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const base = `http://127.0.0.1:${address.port}`;

    note(
      `search: ${sizes.warmup} warm-up and ${sizes.requests} measured requests, concurrency ${sizes.concurrency}`,
    );
    await load(base, sizes.warmup, sizes.concurrency);
    const { samples, ms } = await load(base, sizes.requests, sizes.concurrency);
    printLine({
      bench: 'search-api',
      endpoint: 'GET /api/documents',
      documents: written.documents,
      requests: samples.length,
      concurrency: sizes.concurrency,
      mix: QUERIES.map((q) => q.kind),
      ...latencyFigures(samples),
      requestsPerSecond: perSecond(samples.length, ms),
    });
    // Each kind alone, one request at a time: the server's own time for that query, without queueing.
    for (const entry of QUERIES) {
      const sequential = await load(base, sizes.sequentialPerKind, 1, [entry]);
      const underLoad = samples.filter((s) => s.kind === entry.kind);
      printLine({
        bench: 'search-api-query',
        kind: entry.kind,
        query: entry.query === '' ? '(none)' : entry.query,
        total: sequential.samples[0]?.total ?? null,
        requests: sequential.samples.length,
        concurrency: 1,
        ...latencyFigures(sequential.samples),
        requestsPerSecond: perSecond(sequential.samples.length, sequential.ms),
        p50MsUnderLoad: round(
          percentile(
            underLoad.map((s) => s.ms),
            50,
          ),
          1,
        ),
      });
    }
  } finally {
    await app.close();
  }
}
