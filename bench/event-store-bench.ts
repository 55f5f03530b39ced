import { join } from 'node:path';
import {
  appendToStream,
  createEventStoreSchema,
  getSQLiteEventStore,
  readMessagesBatch,
  readStream,
  sqliteConnection,
  type SQLiteConnection,
} from '@event-driven-io/emmett-sqlite';
import type { NewEvent } from '../server/src/infrastructure/event-store/event-store.port';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { type AppendCall, type AppendWorkload, appendWorkload } from './fixtures/append-workload';
import { type JsonValue, median, note, perSecond, printLine, round } from './support/report';

export interface EventStoreBenchSizes {
  readonly batch1Events: number;
  readonly batch1Streams: number;
  readonly batch100Events: number;
  readonly batch100Streams: number;
  /** Appends are cut into this many slices, the contenders taking turns slice by slice. */
  readonly appendRounds: number;
  /** Each read pass is run this many times; the median is printed. */
  readonly readRepeats: number;
}

/** Same page size as the projection runner uses to read the global log. */
const READ_ALL_PAGE = 500;

/** An event store under test, wrapped so every contender runs the very same workload. */
interface Contender {
  readonly impl: string;
  /** What the contender runs on, printed once. */
  readonly settings: Record<string, JsonValue>;
  /** Appends every call in order, each with the expected revision it tracked; answers elapsed ms. */
  appendAll(calls: readonly AppendCall[]): Promise<number>;
  /** Reads one stream back; answers the number of events. */
  readStream(streamId: string): Promise<number>;
  /** Reads the whole global log from the start in pages; answers the number of events (null: no such API). */
  readAll: (() => Promise<number>) | null;
  /** Counters worth printing with the append figures (e.g. retries). */
  counters(): Record<string, JsonValue>;
  close(): Promise<void>;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function ours(file: string): Contender {
  const db = openSqliteDatabase(file);
  const store = new SqliteEventStore(db);
  const revisions = new Map<string, number>();
  return {
    impl: 'lepinguturg-sqlite',
    settings: {
      driver: 'better-sqlite3 (synchronous calls)',
      connection: 'one, kept open',
      journalMode: String(db.pragma('journal_mode', { simple: true })),
      synchronous: Number(db.pragma('synchronous', { simple: true })),
    },
    appendAll: (calls) =>
      timed(async () => {
        for (const call of calls) {
          const result = await store.append(
            call.streamId,
            call.events,
            revisions.get(call.streamId) ?? 'no_stream',
          );
          revisions.set(call.streamId, result.nextExpectedRevision);
        }
      }),
    readStream: async (streamId) => (await store.readStream(streamId)).length,
    readAll: async () => {
      let after: bigint | null = null;
      let count = 0;
      for (;;) {
        const page = await store.readAll(after, READ_ALL_PAGE);
        const last = page.at(-1);
        if (last === undefined) return count;
        count += page.length;
        after = last.position;
      }
    },
    counters: () => ({}),
    close: async () => {
      await store.close();
      db.close();
    },
  };
}

/** An emmett event, carrying the same data and metadata as ours. */
interface EmmettEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
}

function toEmmettEvent(event: NewEvent): EmmettEvent {
  return {
    type: event.type,
    data: { ...(event.data as Record<string, unknown>) },
    metadata: { ...event.metadata },
  };
}

function toEmmettCalls(calls: readonly AppendCall[]): { streamId: string; events: EmmettEvent[] }[] {
  return calls.map((call) => ({ streamId: call.streamId, events: call.events.map(toEmmettEvent) }));
}

async function pragmaNumber(connection: SQLiteConnection, pragma: string): Promise<number> {
  const row = await connection.querySingle<Record<string, number>>(`PRAGMA ${pragma}`);
  return Number(row?.[pragma]);
}

/**
 * emmett-sqlite on one connection kept open (its exported appendToStream/readStream/readMessagesBatch),
 * WAL and synchronous=FULL: the settings our store runs with.
 */
async function emmettConnection(file: string): Promise<Contender> {
  const connection = sqliteConnection({ fileName: file });
  await connection.command('PRAGMA synchronous = FULL');
  await createEventStoreSchema(connection);
  const versions = new Map<string, bigint>();
  const journal = await connection.querySingle<{ journal_mode: string }>('PRAGMA journal_mode');
  return {
    impl: 'emmett-sqlite',
    settings: {
      driver: 'sqlite3 (asynchronous calls)',
      connection: 'one, kept open (sqliteConnection + appendToStream/readStream/readMessagesBatch)',
      journalMode: journal?.journal_mode ?? 'unknown',
      synchronous: await pragmaNumber(connection, 'synchronous'),
    },
    appendAll: async (calls) => {
      const theirs = toEmmettCalls(calls);
      return timed(async () => {
        for (const call of theirs) {
          const result = await appendToStream(connection, call.streamId, 'document', call.events, {
            expectedStreamVersion: versions.get(call.streamId) ?? 0n,
          });
          if (!result.success) throw new Error(`emmett-sqlite refused an append to ${call.streamId}`);
          versions.set(call.streamId, result.nextStreamPosition);
        }
      });
    },
    readStream: async (streamId) => (await readStream(connection, streamId)).events.length,
    readAll: async () => {
      let after = 0n;
      let count = 0;
      for (;;) {
        const page = await readMessagesBatch(connection, { after, batchSize: READ_ALL_PAGE });
        count += page.messages.length;
        if (!page.areEventsLeft) return count;
        after = page.currentGlobalPosition;
      }
    },
    counters: () => ({}),
    close: () => {
      connection.close();
      return Promise.resolve();
    },
  };
}

/** The SQLITE_BUSY that getSQLiteEventStore's connection-per-call sometimes hits on COMMIT (see README). */
function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'SQLITE_BUSY';
}

const MAX_ATTEMPTS = 5;

/**
 * emmett-sqlite's EventStore as shipped (getSQLiteEventStore on a file): it opens and closes a connection
 * per call. On this machine a COMMIT sometimes fails with SQLITE_BUSY ("SQL statements in progress"); the
 * transaction is rolled back, so the bench retries the same append (counted, and included in the time).
 */
async function emmettEventStore(file: string): Promise<Contender> {
  const store = getSQLiteEventStore({ fileName: file });
  const versions = new Map<string, bigint>();
  const probe = sqliteConnection({ fileName: `${file}.probe` });
  const synchronous = await pragmaNumber(probe, 'synchronous');
  probe.close();
  let busyRetries = 0;
  return {
    impl: 'emmett-sqlite-event-store',
    settings: {
      driver: 'sqlite3 (asynchronous calls)',
      connection: 'getSQLiteEventStore: a new connection per call, closed after it',
      journalMode: 'wal',
      synchronous,
    },
    appendAll: async (calls) => {
      const theirs = toEmmettCalls(calls);
      return timed(async () => {
        for (const call of theirs) {
          for (let attempt = 1; ; attempt++) {
            try {
              const result = await store.appendToStream(call.streamId, call.events, {
                expectedStreamVersion: versions.get(call.streamId) ?? 0n,
              });
              versions.set(call.streamId, result.nextExpectedStreamVersion);
              break;
            } catch (error) {
              if (attempt >= MAX_ATTEMPTS || !isBusy(error)) throw error;
              busyRetries += 1;
            }
          }
        }
      });
    },
    readStream: async (streamId) => (await store.readStream(streamId)).events.length,
    readAll: null,
    counters: () => ({ busyRetries }),
    close: () => Promise.resolve(),
  };
}

type ContenderFactory = (file: string) => Contender | Promise<Contender>;

const CONTENDERS: readonly { readonly impl: string; readonly open: ContenderFactory }[] = [
  { impl: 'lepinguturg-sqlite', open: ours },
  { impl: 'emmett-sqlite', open: emmettConnection },
  { impl: 'emmett-sqlite-event-store', open: emmettEventStore },
];

interface Figures {
  readonly impl: string;
  readonly append: Map<number, number>;
  readStream: number | null;
  readAll: number | null;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** An opened contender and what it measured; `failed` stops it from running further. */
interface Entrant {
  readonly contender: Contender;
  readonly figures: Figures;
  failed: boolean;
}

/** Runs `step` for every entrant still standing; a failure is printed once and benches that entrant out. */
async function forEach(
  entrants: readonly Entrant[],
  turn: number,
  step: (entrant: Entrant) => Promise<void>,
): Promise<void> {
  // Rotate who goes first, so no contender always meets the disk right after another one's writes.
  const order = entrants.map((_, i) => entrants[(i + turn) % entrants.length]!);
  for (const entrant of order) {
    if (entrant.failed) continue;
    try {
      await step(entrant);
    } catch (error) {
      entrant.failed = true;
      printLine({
        bench: 'event-store',
        impl: entrant.contender.impl,
        error: `could not run: ${describe(error)}`,
      });
    }
  }
}

async function openEntrants(dir: string): Promise<Entrant[]> {
  const entrants: Entrant[] = [];
  for (const entry of CONTENDERS) {
    try {
      const contender = await entry.open(join(dir, `${entry.impl}.sqlite`));
      printLine({ bench: 'event-store-settings', impl: contender.impl, ...contender.settings });
      entrants.push({
        contender,
        figures: { impl: entry.impl, append: new Map(), readStream: null, readAll: null },
        failed: false,
      });
    } catch (error) {
      printLine({ bench: 'event-store', impl: entry.impl, error: `could not open: ${describe(error)}` });
    }
  }
  return entrants;
}

/** Slices `calls` into `rounds` consecutive parts of nearly equal size. */
function slices<T>(items: readonly T[], rounds: number): T[][] {
  const size = Math.ceil(items.length / rounds);
  return Array.from({ length: rounds }, (_, r) => items.slice(r * size, (r + 1) * size)).filter(
    (s) => s.length > 0,
  );
}

/**
 * Appends every workload with every contender, interleaved: the workload is cut into `rounds` slices and
 * the contenders take turns slice by slice, so a drift in disk latency (a shared machine) hits all alike.
 */
async function measureAppends(
  entrants: readonly Entrant[],
  workloads: readonly AppendWorkload[],
  rounds: number,
) {
  for (const workload of workloads) {
    note(
      `append batch=${workload.batch}: ${workload.events} events per contender, ${rounds} interleaved rounds`,
    );
    const elapsed = new Map<Entrant, number>();
    const parts = slices(workload.calls, rounds);
    for (const [turn, part] of parts.entries()) {
      await forEach(entrants, turn, async (entrant) => {
        const ms = await entrant.contender.appendAll(part);
        elapsed.set(entrant, (elapsed.get(entrant) ?? 0) + ms);
      });
    }
    for (const entrant of entrants) {
      const ms = elapsed.get(entrant);
      if (entrant.failed || ms === undefined) continue;
      const eventsPerSecond = perSecond(workload.events, ms);
      entrant.figures.append.set(workload.batch, eventsPerSecond);
      printLine({
        bench: 'append',
        impl: entrant.contender.impl,
        batch: workload.batch,
        events: workload.events,
        streams: workload.streams,
        avgDataBytes: workload.avgDataBytes,
        rounds: parts.length,
        ms: round(ms),
        eventsPerSecond,
        ...entrant.contender.counters(),
      });
    }
  }
}

/** Reads every stream back, then the whole global log, `repeats` times per contender (interleaved); medians. */
async function measureReads(
  entrants: readonly Entrant[],
  workloads: readonly AppendWorkload[],
  repeats: number,
) {
  const streamIds = [...new Set(workloads.flatMap((w) => w.calls.map((c) => c.streamId)))];
  const totalEvents = workloads.reduce((sum, w) => sum + w.events, 0);
  note(
    `read: ${streamIds.length} streams and the global log of ${totalEvents} events, ${repeats} times each`,
  );
  const streamRuns = new Map<Entrant, number[]>();
  const allRuns = new Map<Entrant, number[]>();
  const record = (runs: Map<Entrant, number[]>, entrant: Entrant, ms: number): void => {
    runs.set(entrant, [...(runs.get(entrant) ?? []), ms]);
  };
  for (let repeat = 0; repeat < repeats; repeat++) {
    await forEach(entrants, repeat, async (entrant) => {
      const { contender } = entrant;
      let read = 0;
      const ms = await timed(async () => {
        for (const streamId of streamIds) read += await contender.readStream(streamId);
      });
      if (read !== totalEvents)
        throw new Error(`${contender.impl} read ${read} events back, expected ${totalEvents}`);
      record(streamRuns, entrant, ms);
    });
    await forEach(entrants, repeat, async (entrant) => {
      const { readAll, impl } = entrant.contender;
      if (readAll === null) return;
      let read = 0;
      record(allRuns, entrant, await timed(async () => void (read = await readAll())));
      if (read !== totalEvents) throw new Error(`${impl} read ${read} log events, expected ${totalEvents}`);
    });
  }
  for (const entrant of entrants) {
    const { contender, figures } = entrant;
    const streamMs = streamRuns.get(entrant);
    if (streamMs && !entrant.failed) {
      figures.readStream = perSecond(totalEvents, median(streamMs));
      printLine({
        bench: 'read-stream',
        impl: contender.impl,
        streams: streamIds.length,
        events: totalEvents,
        repeats: streamMs.length,
        medianMs: round(median(streamMs)),
        eventsPerSecond: figures.readStream,
      });
    }
    const allMs = allRuns.get(entrant);
    if (contender.readAll === null) {
      printLine({ bench: 'read-all', impl: contender.impl, skipped: 'this API has no global-log read' });
    } else if (allMs && !entrant.failed) {
      figures.readAll = perSecond(totalEvents, median(allMs));
      printLine({
        bench: 'read-all',
        impl: contender.impl,
        events: totalEvents,
        pageSize: READ_ALL_PAGE,
        repeats: allMs.length,
        medianMs: round(median(allMs)),
        eventsPerSecond: figures.readAll,
      });
    }
  }
}

function ratio(ours: number | null | undefined, theirs: number | null | undefined): number | null {
  return ours && theirs ? round(ours / theirs, 2) : null;
}

/** Figures 1–3: appends in batches of 1 and 100, then reads, on ours and on emmett-sqlite; ratio lines. */
export async function runEventStoreBench(dir: string, sizes: EventStoreBenchSizes): Promise<void> {
  const workloads = [
    appendWorkload('batch-1', 1, sizes.batch1Events, sizes.batch1Streams),
    appendWorkload('batch-100', 100, sizes.batch100Events, sizes.batch100Streams),
  ];
  const entrants = await openEntrants(dir);
  try {
    await measureAppends(entrants, workloads, sizes.appendRounds);
    await measureReads(entrants, workloads, sizes.readRepeats);
  } finally {
    for (const { contender } of entrants) await contender.close();
  }

  const [mine, ...others] = entrants.map((e) => e.figures);
  if (mine?.impl !== 'lepinguturg-sqlite') return;
  for (const theirs of others) {
    for (const workload of workloads) {
      printLine({
        bench: 'append',
        batch: workload.batch,
        ours: mine.impl,
        theirs: theirs.impl,
        ratio_ours_over_theirs: ratio(mine.append.get(workload.batch), theirs.append.get(workload.batch)),
      });
    }
    printLine({
      bench: 'read-stream',
      ours: mine.impl,
      theirs: theirs.impl,
      ratio_ours_over_theirs: ratio(mine.readStream, theirs.readStream),
    });
    printLine({
      bench: 'read-all',
      ours: mine.impl,
      theirs: theirs.impl,
      ratio_ours_over_theirs: ratio(mine.readAll, theirs.readAll),
    });
  }
}
