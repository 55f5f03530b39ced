import type { Statement } from 'better-sqlite3';
import {
  checkpointInBackground,
  commitDurably,
  type SqliteDatabase,
  type WalSync,
  walSyncOf,
} from '../sqlite/sqlite-database';
import { DuplicateEventIdError } from './duplicate-event-id.error';
import {
  WrongExpectedRevisionError,
  decodeEvent,
  type AppendResult,
  type EncodedEvent,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.port';
import { PollingSubscription } from './polling-subscription';

export interface SqliteEventStoreOptions {
  /** How often a caught-up subscription looks for appends made by other processes. */
  readonly pollIntervalMs?: number;
}

/**
 * A row of `events` as EVENT_COLUMNS lists them, read raw (an array, not an object per row: half the cost
 * of a long read) and with safe integers, so positions arrive as bigint.
 */
type EventRow = [
  position: bigint,
  eventId: string,
  streamId: string,
  revision: bigint,
  type: string,
  schemaVersion: bigint,
  data: string,
  metadata: string,
];
const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, schema_version, data, metadata';

interface EventIdRow {
  stream_id: string;
  revision: bigint;
}

interface BatchRow {
  event_id: string;
  position: bigint;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position       INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id       TEXT    NOT NULL UNIQUE,
    stream_id      TEXT    NOT NULL,
    revision       INTEGER NOT NULL,
    type           TEXT    NOT NULL,
    schema_version INTEGER NOT NULL,
    data           TEXT    NOT NULL,
    metadata       TEXT    NOT NULL,
    UNIQUE (stream_id, revision)
  )`;

/** Reads of at most this many events are shared between subscribers; a rebuild's large pages are not kept. */
const SHARED_READ_LIMIT = 1000;
/** How many different reads are kept at once (subscribers a little behind the others ask for other ones). */
const SHARED_READS = 16;

/**
 * EventStore of the embedded profile: one `events` table in the application's SQLite file.
 * The autoincrement primary key is the global log position, so positions are never reused,
 * even after the last row is deleted. The database belongs to the caller, who closes it.
 */
export class SqliteEventStore implements EventStore {
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly pollIntervalMs: number;
  private readonly selectEventId: Statement<[string], EventIdRow>;
  private readonly selectBatch: Statement<[string, bigint, bigint], BatchRow>;
  private readonly selectLastRevision: Statement<[string], { revision: bigint | null }>;
  private readonly insertEvent: Statement<[string, string, bigint, string, number, string, string]>;
  private readonly selectStream: Statement<[string], EventRow>;
  private readonly selectAll: Statement<[bigint, number], EventRow>;
  private readonly selectHead: Statement<[], { position: bigint | null }>;
  private readonly walSync: WalSync | null;
  private readonly stopCheckpoints: () => Promise<void>;
  /** Recent small reads of the log, by `after:limit`, forgotten at every append (see readAll). */
  private readonly recentReads = new Map<string, RecordedEvent[]>();

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    db.exec(SCHEMA);
    const prepare = <P extends unknown[], R>(sql: string): Statement<P, R> =>
      db.prepare<P, R>(sql).safeIntegers(true);
    this.selectEventId = prepare('SELECT stream_id, revision FROM events WHERE event_id = ?');
    this.selectBatch = prepare(
      'SELECT event_id, position FROM events WHERE stream_id = ? AND revision BETWEEN ? AND ? ORDER BY revision',
    );
    this.selectLastRevision = prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
    this.insertEvent = db.prepare(
      `INSERT INTO events (event_id, stream_id, revision, type, schema_version, data, metadata)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectStream = prepare<[string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`,
    ).raw(true);
    this.selectAll = prepare<[bigint, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    ).raw(true);
    this.selectHead = prepare('SELECT MAX(position) AS position FROM events');
    this.walSync = walSyncOf(db);
    this.stopCheckpoints = checkpointInBackground(db);
  }

  /**
   * Appends in one IMMEDIATE transaction, so the revision check and the insert see the same stream, and
   * resolves once the append is on the disk: the WAL's fsync runs in the thread pool, shared by the appends
   * made meanwhile, so the event loop never waits on the disk (`commitDurably`).
   */
  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const write = this.db.transaction(() => this.appendInTransaction(streamId, events, expected));
    const result = await commitDurably(this.db, this.walSync, () => {
      this.recentReads.clear();
      return write.immediate();
    });
    // Subscribers (projections, and the processes that act on events) hear of it once it is durable.
    for (const subscription of this.subscriptions) subscription.wake();
    return result;
  }

  /** All events of one stream in revision order; [] for a stream that does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.attempt(() => this.selectStream.all(streamId).map(toRecordedEvent));
  }

  /**
   * Up to `limit` events of the global log strictly after `after` (null = from the start). The live
   * subscriptions (one per projection) are woken by the same append and ask for the same events: a small
   * read is read and decoded once and handed to each of them (events never change once stored; the cache
   * holds only non-empty reads, so a reader that found nothing always looks again).
   */
  readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]> {
    return this.attempt(() => {
      const key = `${after ?? ''}:${limit}`;
      const shared = limit <= SHARED_READ_LIMIT ? this.recentReads.get(key) : undefined;
      if (shared) return shared;
      const events = this.selectAll.all(after ?? 0n, limit).map(toRecordedEvent);
      if (limit <= SHARED_READ_LIMIT && events.length > 0) {
        if (this.recentReads.size >= SHARED_READS) this.recentReads.clear();
        this.recentReads.set(key, events);
      }
      return events;
    });
  }

  /** The same events as `readAll`, their payload and metadata as stored (JSON text), never shared. */
  readAllEncoded(after: LogPosition | null, limit: number): Promise<EncodedEvent[]> {
    return this.attempt(() => this.selectAll.all(after ?? 0n, limit).map(toEncodedEvent));
  }

  /**
   * Catch-up from `after`, then live: woken at once by appends through this instance, and
   * polling for appends by other processes (a CLI) on the same file.
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new PollingSubscription(this, options, this.pollIntervalMs, (ended) =>
      this.subscriptions.delete(ended),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Position of the last event in the global log, or null when the log is empty. */
  headPosition(): Promise<LogPosition | null> {
    return this.attempt(() => this.selectHead.get()?.position ?? null);
  }

  /** Stops every subscription and waits for pending syncs; the database stays open for its owner to close. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.walSync?.close();
    await this.stopCheckpoints();
  }

  private appendInTransaction(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): AppendResult {
    const first = events[0];
    if (first === undefined) throw new Error(`Stream ${streamId}: an append needs at least one event`);
    const lastRevision = this.selectLastRevision.get(streamId)?.revision;
    const current = lastRevision === null || lastRevision === undefined ? null : Number(lastRevision);

    const earlier = this.selectEventId.get(first.id);
    if (earlier !== undefined) return this.repeatedAppend(streamId, events, expected, earlier, current);
    const reused = events.filter((event) => this.selectEventId.get(event.id) !== undefined);
    if (reused.length > 0)
      throw new DuplicateEventIdError(
        streamId,
        reused.map((event) => event.id),
      );

    assertExpected(streamId, expected, current);
    let revision = current ?? -1;
    let position = 0n;
    for (const event of events) {
      revision += 1;
      const { lastInsertRowid } = this.insertEvent.run(
        event.id,
        streamId,
        BigInt(revision),
        event.type,
        event.schemaVersion,
        JSON.stringify(event.data) ?? 'null',
        JSON.stringify(event.metadata),
      );
      position = BigInt(lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position };
  }

  /**
   * The first id is already stored: this is either a retry of that exact batch (answer with the
   * original result, write nothing) or a caller bug (say so).
   */
  private repeatedAppend(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    earlier: EventIdRow,
    current: number | null,
  ): AppendResult {
    const ids = events.map((event) => event.id);
    if (earlier.stream_id !== streamId) throw new DuplicateEventIdError(streamId, ids);
    const firstRevision = earlier.revision;
    const stored = this.selectBatch.all(streamId, firstRevision, firstRevision + BigInt(events.length - 1));
    const sameBatch = stored.length === events.length && stored.every((row, i) => row.event_id === ids[i]);
    const last = stored.at(-1);
    if (!sameBatch || last === undefined) throw new DuplicateEventIdError(streamId, ids);
    // The retry must carry the expectation the original write met, as KurrentDB requires too.
    const before = firstRevision === 0n ? null : Number(firstRevision) - 1;
    if (!expectationHeld(expected, before))
      throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
    return { nextExpectedRevision: Number(firstRevision) + events.length - 1, position: last.position };
  }

  /** Runs a synchronous read and turns a throw into a rejection, as the async port promises. */
  private attempt<T>(read: () => T): Promise<T> {
    try {
      return Promise.resolve(read());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** Whether a stream whose last revision is `current` (null: no stream) meets `expected`. */
function expectationHeld(expected: ExpectedRevision, current: number | null): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
}

function assertExpected(streamId: string, expected: ExpectedRevision, current: number | null): void {
  if (!expectationHeld(expected, current))
    throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}

function toEncodedEvent([
  position,
  id,
  streamId,
  revision,
  type,
  schemaVersion,
  data,
  metadata,
]: EventRow): EncodedEvent {
  return {
    id,
    streamId,
    revision: Number(revision),
    position,
    type,
    schemaVersion: Number(schemaVersion),
    data,
    metadata,
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return decodeEvent(toEncodedEvent(row));
}
