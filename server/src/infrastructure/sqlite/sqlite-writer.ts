import { Worker } from 'node:worker_threads';
import type { SqliteDatabase } from './sqlite-database';
import { TextSlice } from './sqlite-texts';

/** A value SQLite binds: what a plan's statements take (a text slice binds as its bytes). */
export type SqlParam = string | number | null | Uint8Array | TextSlice;

/** A condition the plan needs: `sql` (one value) must give `expected`, or nothing of the plan is written. */
export interface PlannedCheck {
  readonly sql: string;
  readonly params: readonly CheckParam[];
  readonly expected: CheckParam;
}

/** A check's values cross to the thread by copy: no text slices among them. */
type CheckParam = Exclude<SqlParam, TextSlice>;

/** How a plan's values travel: a tag per value (VALUE_*), then numbers, texts and blobs each on their own. */
const VALUE_NULL = 0;
const VALUE_NUMBER = 1;
const VALUE_TEXT = 2;
const VALUE_BLOB = 3;
const VALUE_SLICE = 4;

/**
 * A plan as it crosses to the writer's thread: statements as SQL, arity and run count; the tags, numbers
 * and blobs of every run in typed arrays (moved, not copied), the texts in one array, and the shared chunks
 * text slices point into (sqlite-texts.ts: seen by both threads, not copied). A rebuild's batch holds a
 * million values: as arrays of mixed values each run, its copy cost more than planning it; texts joined into
 * one string end to end cost the join and gained nothing on the copy.
 */
interface EncodedPlan {
  readonly checks: readonly PlannedCheck[];
  readonly statements: readonly { readonly sql: string; readonly arity: number; readonly runs: number }[];
  readonly tags: Uint8Array;
  /** The number values, and the length of each blob, in value order. */
  readonly numbers: Float64Array;
  readonly texts: readonly string[];
  readonly blobs: Uint8Array;
  readonly chunks: readonly SharedArrayBuffer[];
}

/**
 * The writes of one SQLite transaction, recorded to be run elsewhere: its checks first, then its statements
 * in the order they were recorded (runs of the same statement one after another share an entry).
 */
export class WritePlan {
  readonly checks: PlannedCheck[] = [];
  private readonly statements: { sql: string; arity: number; runs: number }[] = [];
  private tags = new Uint8Array(1024);
  private numbers = new Float64Array(1024);
  private valueCount = 0;
  private numberCount = 0;
  private readonly texts: string[] = [];
  private readonly blobs: Uint8Array[] = [];
  /** The shared chunks of the plan's text slices, each with its number in the plan. */
  private readonly chunks = new Map<ArrayBufferLike, number>();

  /** The plan is written only if `sql` gives `expected` when the writer's transaction starts. */
  check(sql: string, params: readonly CheckParam[], expected: CheckParam): void {
    this.checks.push({ sql, params, expected });
  }

  run(sql: string, params: readonly SqlParam[]): void {
    let last = this.statements[this.statements.length - 1];
    if (!last || last.sql !== sql || last.arity !== params.length)
      this.statements.push((last = { sql, arity: params.length, runs: 0 }));
    last.runs++;
    if (this.valueCount + params.length > this.tags.length) this.tags = grown(this.tags, params.length);
    // A value takes up to three numbers (a text slice: its chunk, start and length); typed arrays drop
    // what is written past their end, so room for the most is made before any is written.
    if (this.numberCount + 3 * params.length > this.numbers.length)
      this.numbers = grown(this.numbers, 3 * params.length);
    for (const param of params) {
      if (param === null) this.tags[this.valueCount++] = VALUE_NULL;
      else if (typeof param === 'number') {
        this.tags[this.valueCount++] = VALUE_NUMBER;
        this.numbers[this.numberCount++] = param;
      } else if (typeof param === 'string') {
        this.tags[this.valueCount++] = VALUE_TEXT;
        this.texts.push(param);
      } else if (param instanceof TextSlice) {
        const shared = param.chunk.buffer;
        let chunk = this.chunks.get(shared);
        if (chunk === undefined) this.chunks.set(shared, (chunk = this.chunks.size));
        this.tags[this.valueCount++] = VALUE_SLICE;
        this.numbers[this.numberCount++] = chunk;
        this.numbers[this.numberCount++] = param.chunk.byteOffset + param.start;
        this.numbers[this.numberCount++] = param.length;
      } else {
        this.tags[this.valueCount++] = VALUE_BLOB;
        this.numbers[this.numberCount++] = param.byteLength;
        this.blobs.push(param);
      }
    }
  }

  /** The plan packed for the writer's thread (its typed arrays are then the receiver's). */
  encode(): EncodedPlan {
    return {
      checks: this.checks,
      statements: this.statements,
      tags: this.tags.slice(0, this.valueCount),
      numbers: this.numbers.slice(0, this.numberCount),
      texts: this.texts,
      blobs: this.packedBlobs(),
      chunks: [...this.chunks.keys()] as SharedArrayBuffer[],
    };
  }

  /** The blobs end to end in a buffer of their own (Buffer.concat may use the shared pool, which cannot move). */
  private packedBlobs(): Uint8Array {
    let size = 0;
    for (const blob of this.blobs) size += blob.byteLength;
    const packed = new Uint8Array(size);
    let offset = 0;
    for (const blob of this.blobs) {
      packed.set(blob, offset);
      offset += blob.byteLength;
    }
    return packed;
  }
}

/** A copy of `array` with room for at least `more` values beyond its length. */
function grown<A extends Uint8Array | Float64Array>(array: A, more: number): A {
  const bigger = new (array.constructor as new (length: number) => A)(
    Math.max(array.length * 2, array.length + more),
  );
  bigger.set(array);
  return bigger;
}

/** A plan made on top of the one before it was not written, since that one was not. */
export class PlanDependencyFailedError extends Error {
  constructor() {
    super('The planned write it was made on top of was not written');
    this.name = 'PlanDependencyFailedError';
  }
}

/** A plan's check did not hold: nothing of it was written. `check` is its position in the plan's checks. */
export class PlanCheckFailedError extends Error {
  constructor(readonly check: number) {
    super(`Check ${check} of a planned write did not hold`);
    this.name = 'PlanCheckFailedError';
  }
}

interface Reply {
  readonly id: number;
  readonly failedCheck?: number;
  readonly dependencyFailed?: boolean;
  readonly error?: { readonly name: string; readonly message: string; readonly code?: string };
}

/**
 * The thread's code: a connection of its own to the same file, each plan one IMMEDIATE transaction with
 * synchronous=NORMAL (it writes only what is derived from the log, like `commitDerived`), and its
 * automatic WAL checkpoints, which then also run here instead of on the event loop.
 */
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
// Its own checkpoints once the WAL holds 10,000 pages (160 MB) rather than SQLite's 1,000, so a rebuild's
// commit of some 60 MB does not copy the pages it rewrote into the file before the next may begin (in a
// sales rebuild the writer's commits took 6.9 s, then 4.2 s). The background checkpointer
// (sqlite-database.ts) still copies committed pages every second meanwhile.
db.pragma('wal_autocheckpoint = 10000');
// A page cache of 64 MB instead of 2 MB: a rebuild inserts ids in no order into indexes of tens of
// megabytes, and each insert that missed the cache read its page again (a sales rebuild: 18.2-19.0 s, then
// 16.8-17.2 s). Given back once no plan has come for a second (shrink_memory frees the clean pages).
db.pragma('cache_size = -65536');
db.pragma('foreign_keys = ON');
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
};
class CheckFailed { constructor(index) { this.index = index; } }
// Whether the last plan was written: a plan made on top of it is written only if it was.
let lastWritten = true;
const write = db.transaction((plan) => {
  plan.checks.forEach((check, index) => {
    // Plucked for good: a statement's pluck mode does not change what run() does.
    const found = prepared(check.sql).pluck().get(...check.params);
    if (found !== check.expected) throw new CheckFailed(index);
  });
  const { tags, numbers, texts } = plan;
  const blobs = Buffer.from(plan.blobs.buffer, plan.blobs.byteOffset, plan.blobs.byteLength);
  const chunks = plan.chunks.map((chunk) => Buffer.from(chunk));
  let value = 0, number = 0, text = 0, blob = 0;
  const params = [];
  for (const { sql, arity, runs } of plan.statements) {
    const statement = prepared(sql);
    params.length = arity;
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < arity; i++) {
        switch (tags[value++]) {
          case 0: params[i] = null; break;
          case 1: params[i] = numbers[number++]; break;
          case 2: params[i] = texts[text++]; break;
          case 4: {
            const chunk = chunks[numbers[number++]];
            const start = numbers[number++];
            params[i] = chunk.subarray(start, start + numbers[number++]);
            break;
          }
          default: { const end = blob + numbers[number++]; params[i] = blobs.subarray(blob, end); blob = end; }
        }
      }
      statement.run(...params);
    }
  }
});
// The page cache is given back once no plan has come for IDLE_MS, whatever the last one's outcome.
const IDLE_MS = 1000;
let idle = null;
const idleLater = () => {
  idle = setTimeout(() => {
    idle = null;
    try { db.pragma('shrink_memory'); } catch { /* kept until the next idle moment */ }
  }, IDLE_MS);
  idle.unref();
};
parentPort.on('message', (message) => {
  if (idle) clearTimeout(idle);
  idle = null;
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    take(message);
  } finally {
    // Counted from the end of the plan: one that took longer than IDLE_MS must not leave the next cold.
    idleLater();
  }
});
const take = (message) => {
  if (message.dependent && !lastWritten) {
    parentPort.postMessage({ id: message.id, dependencyFailed: true });
    return;
  }
  lastWritten = false;
  try {
    write.immediate(message.plan);
    lastWritten = true;
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    if (error instanceof CheckFailed) parentPort.postMessage({ id: message.id, failedCheck: error.index });
    else parentPort.postMessage({
      id: message.id,
      error: { name: String(error && error.name), message: String(error && error.message), code: error && error.code },
    });
  }
};
`;

/**
 * Writes plans to a SQLite file on a thread of its own, one transaction each, in the order given, while
 * the caller's thread goes on (a rebuild applies its next batch while the last one is written). The
 * file must be in WAL mode, so the caller's connection reads the last committed state meanwhile. The
 * thread holds the process open only while a plan is being written.
 */
export class BackgroundWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private next = 0;
  /** The last plan's outcome, settled: plans are answered in order, so it settles after all the others. */
  private lastWrite: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | null = null;
  /** Set when the thread is told to stop: its exit is then not a failure. */
  private stopping = false;
  private failure: Error | null = null;

  private constructor(file: string) {
    this.worker = new Worker(WRITER_THREAD, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file },
    });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => {
      if (!this.stopping) this.fail(new Error('The background writer stopped'));
    });
  }

  /** A writer for the file of `db`; null for a database that is not a file in WAL mode. */
  static of(db: SqliteDatabase): BackgroundWriter | null {
    if (db.memory || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return null;
    return new BackgroundWriter(db.name);
  }

  /**
   * Resolves once the plan is committed; rejects with what stopped it (nothing of it is then written).
   * `dependent`: the plan was made on top of the one given before it (it assumes what that one writes),
   * so it is written only if that one was.
   */
  write(plan: WritePlan, dependent = false): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The background writer is closed'));
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.next;
    const encoded = plan.encode();
    const done = new Promise<void>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.lastWrite = done.catch(() => undefined);
    if (this.waiting.size === 1) this.worker.ref();
    try {
      this.worker.postMessage({ id, dependent, plan: encoded }, [
        encoded.tags.buffer as ArrayBuffer,
        encoded.numbers.buffer as ArrayBuffer,
        encoded.blobs.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      // Not sent (a value that cannot be copied): a plan made on top of this one must not be written either,
      // so this writer stops, and those given before it are reported as not written.
      this.fail(error instanceof Error ? error : new Error(String(error)));
      void this.worker.terminate();
    }
    return done;
  }

  /** Whether the thread has stopped (crashed or exited): it writes nothing more. */
  get stopped(): boolean {
    return this.failure !== null;
  }

  /** Stops the thread once what it was given is written. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.lastWrite;
      if (this.failure) return;
      this.stopping = true;
      const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
      this.worker.ref();
      this.worker.postMessage('close');
      await exited;
    })();
    return this.closed;
  }

  private settle(reply: Reply): void {
    const entry = this.waiting.get(reply.id);
    if (!entry) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.dependencyFailed) entry.reject(new PlanDependencyFailedError());
    else if (reply.failedCheck !== undefined) entry.reject(new PlanCheckFailedError(reply.failedCheck));
    else if (reply.error) {
      const error = new Error(reply.error.message) as Error & { code?: string };
      error.name = reply.error.name;
      if (reply.error.code !== undefined) error.code = reply.error.code;
      entry.reject(error);
    } else entry.resolve();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const entry of this.waiting.values()) entry.reject(this.failure);
    this.waiting.clear();
    this.worker.unref();
  }
}
