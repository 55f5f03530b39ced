/**
 * The EventStore port: append-only streams plus one global, ordered log.
 * Adapters: SQLite (embedded profile) and KurrentDB/EventStoreDB (production).
 * Every adapter passes the same contract suite (event-store.contract.ts).
 */

/** Position of an event in the global log. Strictly increasing in append order. */
export type LogPosition = bigint;

/** Metadata every event carries. Time is decided by the caller, never read from a clock here. */
export interface EventMetadata {
  readonly occurredAt: string; // ISO-8601
  readonly actorId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Hash of the command that wrote the event, so a reused Idempotency-Key is told apart from a retry. */
  readonly commandHash?: string;
}

/** An event about to be appended. `id` is a UUID chosen by the caller: a retry reuses it. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly schemaVersion: number;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

/** An event as stored. `revision` is 0-based within the stream. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  readonly streamId: string;
  readonly revision: number;
  readonly position: LogPosition;
}

/**
 * An event as the log holds it, its payload and metadata still JSON text. A rebuild reads the log in large
 * batches: kept as text, a batch's events are parsed one at a time as they are applied, and the parsed
 * objects die young instead of outliving the batch in the heap (docs/decisions/rebuilds-parse-events-as-they-are-applied.md).
 */
export interface EncodedEvent extends Omit<RecordedEvent, 'data' | 'metadata'> {
  readonly data: string;
  readonly metadata: string;
}

/** The recorded event an encoded one stands for. */
export function decodeEvent(encoded: EncodedEvent): RecordedEvent {
  return {
    id: encoded.id,
    streamId: encoded.streamId,
    revision: encoded.revision,
    position: encoded.position,
    type: encoded.type,
    schemaVersion: encoded.schemaVersion,
    data: JSON.parse(encoded.data) as unknown,
    metadata: JSON.parse(encoded.metadata) as EventMetadata,
  };
}

/**
 * What the writer expects the stream to look like:
 * - 'no_stream': the stream must not exist yet;
 * - 'stream_exists': the stream must have at least one event;
 * - 'any': no check;
 * - a number: the revision of the stream's last event (exactly).
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  readonly nextExpectedRevision: number;
  /** Global log position of the last event written (or of the original write, on an idempotent retry). */
  readonly position: LogPosition;
}

/** Thrown when the expected revision does not match. Mapped to HTTP 409 by the API. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is in flight. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null means from the very start. */
  readonly after: LogPosition | null;
  /** Called for each batch of events, in log order. The next batch waits until the promise resolves. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void>;
  /** Called when delivery fails for good (the adapter already retried what it could). */
  readonly onError?: (error: unknown) => void;
  /** Upper bound for one batch. */
  readonly batchSize?: number;
}

export interface EventStore {
  /** Appends atomically. Idempotent by event id: a retried append of the same ids writes nothing twice. */
  append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of one stream in revision order; [] for a stream that does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Up to `limit` events of the global log strictly after `after` (null = from the start). */
  readAll(after: LogPosition | null, limit: number): Promise<RecordedEvent[]>;
  /**
   * The same events as `readAll`, their payload and metadata left as JSON text (`decodeEvent` parses
   * one). Optional: a store that has the text at hand offers it for rebuilds; the others are read by `readAll`.
   */
  readAllEncoded?(after: LogPosition | null, limit: number): Promise<EncodedEvent[]>;
  /** Catch-up from `after`, then live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event in the global log, or null when the log is empty. */
  headPosition(): Promise<LogPosition | null>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EventStore');
