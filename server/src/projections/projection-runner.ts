import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { StoredEvent } from '../events/domain-event';
import { upcast } from '../events/event-catalog';
import {
  decodeEvent,
  type EncodedEvent,
  EVENT_STORE,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '../infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../infrastructure/read-store/read-store.port';
import { BatchTransaction } from './batch-transaction';
import { PROJECTIONS, type Projection } from './projection';

export interface ProjectionStatus {
  readonly name: string;
  readonly checkpoint: string | null;
  readonly head: string | null;
  readonly behind: boolean;
  /** Why the projection stopped, while it cannot get past an event (e.g. an unbalanced ledger posting). */
  readonly error: string | null;
}

export interface RebuildProgress {
  readonly projection: string;
  readonly events: number;
  readonly eventsPerSecond: number;
  readonly done: boolean;
}

interface Waiter {
  readonly position: LogPosition;
  readonly names: readonly string[];
  readonly resolve: (caughtUp: boolean) => void;
}

export interface ProjectionRunnerOptions {
  /** Events per transaction; larger is faster, smaller commits progress more often. */
  readonly batchSize: number;
  /** Events per transaction during a rebuild, where nobody waits for a single event (default REBUILD_BATCH_SIZE). */
  readonly rebuildBatchSize?: number;
  /** Events a rebuild of one projection reads at a time within a batch (default REBUILD_READ_PAGE). */
  readonly rebuildReadPage?: number;
}

/**
 * Events read and applied per transaction in a rebuild: large, since every commit writes and checkpoints
 * the changed pages (a batch of 20,000 events commits in a few hundred milliseconds at 100,000 documents).
 */
export const REBUILD_BATCH_SIZE = 20_000;

/**
 * Events a rebuild of one projection reads at a time within its batch: each page is read just before it is
 * applied, so the events' text dies young instead of outliving the whole batch in the heap (where the
 * garbage collector copied it twice, into the young generation's second half and then into the old one).
 */
export const REBUILD_READ_PAGE = 1_000;

export const PROJECTION_RUNNER_OPTIONS = Symbol('ProjectionRunnerOptions');

const DEFAULT_OPTIONS: ProjectionRunnerOptions = { batchSize: 500 };

/** How long a checkpoint moved only by events a projection ignores may wait before it is stored. */
export const CHECKPOINT_LAG_MS = 1000;

export function toStoredEvent(recorded: RecordedEvent): StoredEvent {
  return {
    type: recorded.type,
    data: upcast(recorded.type, recorded.schemaVersion, recorded.data) as object,
    eventId: recorded.id,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
    occurredAt: recorded.metadata.occurredAt,
    actorId: recorded.metadata.actorId,
  };
}

/** An event of a batch: as recorded, or still as JSON text (a rebuild's read, `readAllEncoded`). */
type LoggedEvent = RecordedEvent | EncodedEvent;

/** A batch's events in the order of the log: one page (a live batch), or pages read as they are applied. */
type Pages = Iterable<readonly LoggedEvent[]> | AsyncIterable<readonly LoggedEvent[]>;

/**
 * A rebuild batch of up to `limit` events after `after`, read `page` at a time (`readLog`). Read again from the
 * start if asked again.
 */
class PagedRead {
  /** Events read, and the position of the last (null: the log holds none after `after`). */
  count = 0;
  last: LogPosition | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly after: LogPosition | null,
    private readonly limit: number,
    private readonly page: number,
  ) {}

  async *pages(): AsyncGenerator<readonly LoggedEvent[]> {
    this.count = 0;
    this.last = null;
    let cursor = this.after;
    while (this.count < this.limit) {
      const size = Math.min(this.page, this.limit - this.count);
      const page = await readLog(this.eventStore, cursor, size);
      const last = page.at(-1);
      if (last === undefined) return;
      this.count += page.length;
      this.last = cursor = last.position;
      yield page;
      if (page.length < size) return;
    }
  }
}

/**
 * Up to `limit` events after `after`, as JSON text where the store offers it: each event is parsed as it is
 * applied, so the parsed objects die young rather than outlive the whole batch in the heap.
 */
function readLog(
  eventStore: EventStore,
  after: LogPosition | null,
  limit: number,
): Promise<readonly LoggedEvent[]> {
  return eventStore.readAllEncoded
    ? eventStore.readAllEncoded(after, limit)
    : eventStore.readAll(after, limit);
}

function toStoredLogged(logged: LoggedEvent): StoredEvent {
  return toStoredEvent(isEncoded(logged) ? decodeEvent(logged) : logged);
}

function isEncoded(logged: LoggedEvent): logged is EncodedEvent {
  return typeof logged.metadata === 'string';
}

/**
 * Runs every projection: catch-up from its checkpoint, then live. Each batch's read-model changes and
 * its checkpoint commit in one transaction, and events at or below the checkpoint are skipped, so an
 * event is applied exactly once even across crashes and redeliveries.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionRunner.name);
  private readonly positions = new Map<string, LogPosition | null>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly errors = new Map<string, string>();
  /**
   * Positions passed by live batches that held none of a projection's events: no transaction was opened
   * for them, and the checkpoint is stored within CHECKPOINT_LAG_MS by one small commit (or at stop).
   */
  private readonly unsaved = new Map<string, { position: LogPosition; timer: NodeJS.Timeout }>();
  private waiters: Waiter[] = [];
  private running = false;
  private readonly batchSize: number;
  private readonly rebuildBatchSize: number;
  private readonly rebuildReadPage: number;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTIONS) private readonly projections: readonly Projection[],
    @Optional() @Inject(PROJECTION_RUNNER_OPTIONS) options: ProjectionRunnerOptions | null = null,
  ) {
    this.batchSize = (options ?? DEFAULT_OPTIONS).batchSize;
    this.rebuildBatchSize = options?.rebuildBatchSize ?? Math.max(this.batchSize, REBUILD_BATCH_SIZE);
    this.rebuildReadPage = options?.rebuildReadPage ?? REBUILD_READ_PAGE;
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /** Starts every projection (idempotent). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    for (const projection of this.projections) await this.startOne(projection);
  }

  /**
   * Stops delivery and resolves once the batches in flight have committed or failed. (A projection may
   * call stop() but must not await it: that would wait for its own batch.)
   */
  async stop(): Promise<void> {
    this.running = false;
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    const subs = [...this.subscriptions.values()];
    this.subscriptions.clear();
    await Promise.all(subs.map((s) => s.stop()));
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled([...this.unsaved.keys()].map((name) => this.saveSkipped(name)));
    this.flushWaiters(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /**
   * Resolves once the named projections (all when omitted) have applied the log up to `position`, or
   * after `timeoutMs`. Answers whether they caught up.
   */
  waitFor(
    position: LogPosition | null,
    names: readonly string[] = this.names,
    timeoutMs = 5000,
  ): Promise<boolean> {
    if (position === null || this.hasReached(position, names)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        names,
        resolve: (caughtUp) => {
          clearTimeout(timer);
          resolve(caughtUp);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.logger.warn(`Read models did not reach position ${position} within ${timeoutMs} ms`);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.eventStore.headPosition();
    return Promise.all(
      this.projections.map(async (p) => {
        const checkpoint = await this.readStore.getCheckpoint(p.name);
        return {
          name: p.name,
          checkpoint: checkpoint?.toString() ?? null,
          head: head?.toString() ?? null,
          behind: head !== null && (checkpoint === null || checkpoint < head),
          error: this.errors.get(p.name) ?? null,
        };
      }),
    );
  }

  /** Resets the projection's read model and checkpoint and replays the whole log into it. */
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildProgress> {
    return this.rebuildTogether([name], onProgress);
  }

  /**
   * Rebuilds several projections in one pass over the log: each page of events is read and decoded once
   * and applied to every one of them, each in its own transaction with its own checkpoint (so each keeps
   * the exactly-once guarantee on its own, and an interrupted rebuild resumes from each checkpoint).
   */
  async rebuildTogether(
    names: readonly string[],
    onProgress?: (progress: RebuildProgress) => void,
  ): Promise<RebuildProgress> {
    const projections = names.map((name) => {
      const projection = this.projections.find((p) => p.name === name);
      if (!projection) throw new Error(`Unknown projection "${name}". Known: ${this.names.join(', ')}`);
      return projection;
    });
    const live = names.filter((name) => this.subscriptions.has(name));
    for (const projection of projections) {
      await this.subscriptions.get(projection.name)?.stop();
      this.subscriptions.delete(projection.name);
      this.forgetSkipped(projection.name);
      await this.readStore.reset(projection.name, projection.collections);
      await this.ensureIndexes(projection);
      this.positions.set(projection.name, null);
    }
    const started = Date.now();
    let after: LogPosition | null = null;
    let events = 0;
    const progress = (done: boolean): RebuildProgress => {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      return { projection: names.join(', '), events, eventsPerSecond: Math.round(events / seconds), done };
    };
    for (;;) {
      if (projections.length === 1) {
        // One projection reads its batch in pages as it applies them (REBUILD_READ_PAGE).
        const read: PagedRead = new PagedRead(
          this.eventStore,
          after,
          this.rebuildBatchSize,
          this.rebuildReadPage,
        );
        await this.applyBatch(projections[0]!, () => read.pages());
        if (read.last === null) break;
        events += read.count;
        after = read.last;
        onProgress?.(progress(false));
        continue;
      }
      // Several projections apply the same batch, each in its own transaction: it is read whole, once.
      const batch = await readLog(this.eventStore, after, this.rebuildBatchSize);
      if (batch.length === 0) break;
      // Several projections share each event's decoded form.
      const decoded = new Map<LoggedEvent, StoredEvent>();
      const decode = (logged: LoggedEvent): StoredEvent => {
        let stored = decoded.get(logged);
        if (!stored) decoded.set(logged, (stored = toStoredLogged(logged)));
        return stored;
      };
      for (const projection of projections) await this.applyBatch(projection, () => [batch], decode);
      events += batch.length;
      after = batch.at(-1)!.position;
      onProgress?.(progress(false));
    }
    // The store may still be writing the last batch (docs/decisions/a-writer-thread-for-rebuilds.md).
    await this.readStore.flush(names);
    if (this.running) {
      for (const projection of projections)
        if (live.includes(projection.name)) await this.startOne(projection);
    }
    const finished = progress(true);
    onProgress?.(finished);
    return finished;
  }

  private async startOne(projection: Projection): Promise<void> {
    await this.ensureIndexes(projection);
    const checkpoint = await this.readStore.getCheckpoint(projection.name);
    this.positions.set(projection.name, checkpoint);
    const subscription = this.eventStore.subscribeToAll({
      after: checkpoint,
      batchSize: this.batchSize,
      onEvents: (events) => this.applyLive(projection, events),
      onError: (error) => this.retryLater(projection, error),
    });
    this.subscriptions.set(projection.name, subscription);
  }

  private retryLater(projection: Projection, error: unknown): void {
    this.logger.error(`Projection ${projection.name} failed; restarting from its checkpoint`, error as Error);
    this.errors.set(projection.name, error instanceof Error ? error.message : String(error));
    this.subscriptions.delete(projection.name);
    if (!this.running) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(projection.name);
      if (this.running) void this.startOne(projection).catch((e: unknown) => this.retryLater(projection, e));
    }, 1000);
    this.retryTimers.set(projection.name, timer);
  }

  private async ensureIndexes(projection: Projection): Promise<void> {
    for (const index of projection.indexes ?? []) {
      await this.readStore.ensureIndex(index.collection, index.keys, {
        unique: index.unique,
        highCardinality: index.highCardinality,
      });
    }
  }

  /**
   * A live batch. When it holds none of the projection's events, nothing is written: the position moves
   * on in memory at once (read-your-writes waits on it) and in the store within CHECKPOINT_LAG_MS. Eleven
   * projections each committed a checkpoint after every append before, and the search cache, keyed on a
   * checkpoint then, was emptied by every write (docs/decisions/writes-do-not-stall-readers.md). A crash
   * before the checkpoint is stored replays only events the projection ignores.
   */
  private async applyLive(projection: Projection, batch: readonly RecordedEvent[]): Promise<void> {
    const last = batch.at(-1);
    if (last === undefined || batch.some((recorded) => projection.handles(recorded.type)))
      return this.applyBatch(projection, () => [batch]);
    const known = this.positions.get(projection.name) ?? null;
    if (known !== null && last.position <= known) return;
    this.positions.set(projection.name, last.position);
    const pending = this.unsaved.get(projection.name);
    if (pending) pending.position = last.position;
    else {
      const timer = setTimeout(() => void this.saveSkipped(projection.name), CHECKPOINT_LAG_MS);
      timer.unref();
      this.unsaved.set(projection.name, { position: last.position, timer });
    }
    this.flushWaiters(false);
  }

  /** Stores the checkpoint that skipped batches moved, unless a committed batch has passed it already. */
  private async saveSkipped(name: string): Promise<void> {
    const pending = this.unsaved.get(name);
    if (!pending) return;
    this.forgetSkipped(name);
    const work = this.readStore.transaction(name, async (tx) => {
      const stored = await this.readStore.getCheckpoint(name);
      if (stored === null || stored < pending.position) tx.setCheckpoint(pending.position);
    });
    this.inFlight.add(work);
    try {
      await work;
    } catch (error) {
      this.logger.warn(`Projection ${name}: its checkpoint could not be stored (${String(error)})`);
      // A commit of its read models may have been lost (a background write that failed): its subscription,
      // which has gone past those events, starts again from the stored checkpoint, as after a failed batch.
      const projection = this.projections.find((p) => p.name === name);
      const subscription = this.subscriptions.get(name);
      if (projection && subscription) {
        this.subscriptions.delete(name);
        await subscription.stop();
        this.retryLater(projection, error);
      }
    } finally {
      this.inFlight.delete(work);
    }
  }

  private forgetSkipped(name: string): void {
    const pending = this.unsaved.get(name);
    if (pending) clearTimeout(pending.timer);
    this.unsaved.delete(name);
  }

  private async applyBatch(
    projection: Projection,
    pages: () => Pages,
    decode: (logged: LoggedEvent) => StoredEvent = toStoredLogged,
  ): Promise<void> {
    const work = this.applyBatchOnce(projection, pages, decode);
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * Applies the events after the stored checkpoint and moves the checkpoint, in one transaction. The
   * checkpoint is read inside the transaction, so a redelivered batch, or a second runner racing this
   * one, finds those events already covered and applies nothing twice.
   */
  private async applyBatchOnce(
    projection: Projection,
    pages: () => Pages,
    decode: (logged: LoggedEvent) => StoredEvent,
  ): Promise<void> {
    let reached: LogPosition | null = null;
    await this.readStore.transaction(projection.name, async (tx) => {
      const stored = await this.readStore.getCheckpoint(projection.name);
      reached = stored;
      // Every projection's events go through one batch (batch-transaction.ts): each document read once,
      // changed in memory by every event, written once before the checkpoint.
      const unit = new BatchTransaction(tx);
      let last: LoggedEvent | undefined;
      for await (const page of pages()) {
        const fresh = stored === null ? page : page.filter((e) => e.position > stored);
        if (fresh.length === 0) continue;
        last = fresh.at(-1);
        if (projection.applyBatch) {
          const handled = fresh.filter((recorded) => projection.handles(recorded.type)).map(decode);
          if (handled.length > 0) await projection.applyBatch(unit, handled);
        } else {
          for (const recorded of fresh) {
            if (projection.handles(recorded.type)) await projection.apply(unit, decode(recorded));
          }
        }
      }
      if (!last) return;
      await unit.flush();
      tx.setCheckpoint(last.position);
      reached = last.position;
    });
    this.errors.delete(projection.name);
    const known = this.positions.get(projection.name) ?? null;
    if (reached !== null && (known === null || reached > known)) this.positions.set(projection.name, reached);
    this.flushWaiters(false);
  }

  private hasReached(position: LogPosition, names: readonly string[]): boolean {
    return names.every((name) => {
      const reached = this.positions.get(name);
      return reached !== undefined && reached !== null && reached >= position;
    });
  }

  private flushWaiters(stopping: boolean): void {
    const pending: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (this.hasReached(waiter.position, waiter.names)) waiter.resolve(true);
      else if (stopping) waiter.resolve(false);
      else pending.push(waiter);
    }
    this.waiters = pending;
  }
}
