import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ANY,
  AccessDeniedError,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.port';

const DEFAULT_BATCH_SIZE = 500;
const FIRST_RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 5000;

/** Lets stop() know it was called from inside this subscription's own handler. */
const insideHandler = new AsyncLocalStorage<KurrentDbSubscription>();

/**
 * A failure that resubscribing cannot cure (the caller's handler threw, or an event cannot be
 * read): it ends the subscription and goes to onError.
 */
class FatalSubscriptionError extends Error {
  constructor(readonly failure: unknown) {
    super('Subscription failed for good');
  }
}

/**
 * EventStore of the production profile over KurrentDB (EventStoreDB's successor). Our log
 * position is the server's commit position; system events (types starting with '$') are
 * never shown. Idempotency by event id is the server's own.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new Set<KurrentDbSubscription>();

  /** @param connectionString e.g. `kurrentdb://127.0.0.1:2113?tls=false` (esdb:// works too). */
  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  /** Appends atomically; a retry with the same event ids is a no-op on the server. */
  async append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Stream ${streamId}: an append needs at least one event`);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        streamState: toStreamState(expected),
      });
      // An idempotent retry may come back without a position: the original write has one.
      const position =
        result.position?.commit ?? (await this.positionOf(streamId, result.nextExpectedRevision));
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError)
        throw new WrongExpectedRevisionError(streamId, expected, toActual(error.actualState));
      throw error;
    }
  }

  /** All events of one stream in revision order; [] for a stream that does not exist. */
  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: START,
      })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** Up to `limit` events of the global log strictly after `after` (null = from the start). */
  async readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    // Reading forwards from a position includes the event at that position: one more, then drop it.
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: toReadPosition(after),
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of read) {
      const event = toOwnEvent(resolved);
      if (event && (after === null || event.position > after) && events.length < limit) events.push(event);
    }
    return events;
  }

  /**
   * Catch-up from `after`, then live. When the server drops the subscription it resubscribes
   * from the last delivered position, backing off up to 5 s, until stop().
   */
  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new KurrentDbSubscription(this.client, options, (ended) =>
      this.subscriptions.delete(ended),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Position of the last non-system event in the global log, or null when there is none. */
  async headPosition(): Promise<LogPosition | null> {
    const read = this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    let head: LogPosition | null = null;
    for await (const resolved of read) head = toOwnEvent(resolved)?.position ?? head;
    return head;
  }

  /** Stops every subscription and closes the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private async positionOf(streamId: string, revision: bigint): Promise<LogPosition> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      const commit = resolved.event?.position?.commit;
      if (commit !== undefined) return commit;
    }
    throw new Error(`Stream ${streamId}: KurrentDB returned no log position for revision ${revision}`);
  }
}

/** One catch-up subscription to $all that resubscribes after the server drops it. */
class KurrentDbSubscription implements Subscription {
  private stopped = false;
  private current: AllStreamSubscription | null = null;
  private last: Position | null;
  private wakeBackoff: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: SubscribeOptions,
    private readonly onEnd: (subscription: KurrentDbSubscription) => void,
  ) {
    this.last = options.after === null ? null : { commit: options.after, prepare: options.after };
    this.done = this.run();
  }

  /** Stops delivery; resolves once no handler call is in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeBackoff?.();
    await this.current?.unsubscribe().catch(() => undefined);
    // Awaiting our own loop from inside its handler would wait for ourselves forever.
    if (insideHandler.getStore() === this) return;
    await this.done;
  }

  private async run(): Promise<void> {
    let failures = 0;
    try {
      while (!this.stopped) {
        try {
          if (await this.consume()) failures = 0;
        } catch (error) {
          if (error instanceof FatalSubscriptionError) throw error.failure;
          if (error instanceof AccessDeniedError) throw error;
        }
        if (this.stopped) break;
        await this.backoff(Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** failures));
        failures += 1;
      }
    } catch (error) {
      this.stopped = true;
      if (this.options.onError) this.options.onError(error);
      else console.error('Event store subscription stopped by an error', error);
    } finally {
      this.onEnd(this);
    }
  }

  /**
   * Delivers from one server subscription until it ends. Events already buffered are handed
   * over together, up to the batch size. Returns whether anything was received.
   */
  private async consume(): Promise<boolean> {
    const batchSize = Math.max(1, this.options.batchSize ?? DEFAULT_BATCH_SIZE);
    const subscription = this.client.subscribeToAll(
      { fromPosition: this.last ?? START, filter: excludeSystemEvents() },
      { highWaterMark: batchSize },
    );
    this.current = subscription;
    let received = false;
    try {
      for await (const first of subscription) {
        received = true;
        const batch: { event: RecordedEvent; position: Position }[] = [];
        this.collect(first, batch);
        while (batch.length < batchSize && subscription.readableLength > 0) {
          const next = subscription.read() as AllStreamResolvedEvent | null;
          if (next === null) break;
          this.collect(next, batch);
        }
        const lastInBatch = batch.at(-1);
        if (this.stopped) return received;
        if (lastInBatch === undefined) continue;
        try {
          await insideHandler.run(this, () => this.options.onEvents(batch.map((item) => item.event)));
        } catch (error) {
          throw new FatalSubscriptionError(error);
        }
        this.last = lastInBatch.position;
        if (this.stopped) return received;
      }
    } finally {
      this.current = null;
      await subscription.unsubscribe().catch(() => undefined);
    }
    return received;
  }

  /** Adds an event unless it is a system event or not strictly after what was delivered. */
  private collect(
    resolved: AllStreamResolvedEvent,
    batch: { event: RecordedEvent; position: Position }[],
  ): void {
    const raw = resolved.event;
    let event: RecordedEvent | undefined;
    try {
      event = toOwnEvent(resolved);
    } catch (error) {
      throw new FatalSubscriptionError(error);
    }
    if (!raw || !event) return;
    const after = batch.at(-1)?.position ?? this.last;
    if (after !== null && !isAfter(raw.position, after)) return;
    batch.push({ event, position: raw.position });
  }

  private backoff(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.wakeBackoff = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      timer.unref();
      this.wakeBackoff = finish;
    });
  }
}

function isAfter(position: Position, than: Position): boolean {
  return (
    position.commit > than.commit || (position.commit === than.commit && position.prepare > than.prepare)
  );
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

function toActual(state: CurrentStreamState): number | 'no_stream' {
  return state === NO_STREAM ? 'no_stream' : Number(state);
}

function toReadPosition(after: LogPosition | null): ReadPosition {
  return after === null ? START : { commit: after, prepare: after };
}

function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // The client serializes with JSON.stringify, so any JSON value is fine despite the narrower type.
    data: event.data as JSONType,
    metadata: { ...event.metadata, schemaVersion: event.schemaVersion },
  });
}

/** Our event from a $all read, or undefined for link and system events. */
function toOwnEvent(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$')) return undefined;
  return toRecordedEvent(event);
}

function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  const commit = event.position?.commit;
  if (commit === undefined)
    throw new Error(`Event ${event.id}: KurrentDB returned no log position (server older than 22.6?)`);
  const { schemaVersion, ...metadata } = asRecord(decode(event.metadata));
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: commit,
    type: event.type,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    data: decode(event.data),
    metadata: withoutServerKeys(metadata) as unknown as EventMetadata,
  };
}

function decode(value: unknown): unknown {
  return value instanceof Uint8Array ? (JSON.parse(Buffer.from(value).toString('utf8')) as unknown) : value;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Keys starting with '$' belong to the server ($correlationId, $schema...), not to our metadata. */
function withoutServerKeys(metadata: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !key.startsWith('$')));
}
