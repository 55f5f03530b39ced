import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ensurePrivateDir, ensurePrivateFile } from '../private-files';

export type SqliteDatabase = Database.Database;

/** The embedded profile's file in its data folder. */
export const DATABASE_FILE = 'lepinguturg.sqlite';

/**
 * The page size of a new file (SQLite's default is 4,096 bytes). Read-model rows are 0.5–2.5 KB of JSON:
 * at 4 KB a page holds one or two of them and a 2.4 KB purchase leaves 40 % of its page empty, while a
 * 16 KB page holds six to thirty, so a rebuild writes fewer pages and splits fewer B-tree nodes
 * (docs/decisions/sixteen-kilobyte-pages.md). A file keeps the page size it was made with until
 * `vacuumSqliteDatabase` rewrites it.
 */
export const PAGE_SIZE = 16_384;

/**
 * Opens the embedded profile's single SQLite file (events and read models live side by side, and the
 * embedded identity provider's keys and password hashes), in WAL mode with synchronous=FULL so an
 * acknowledged append survives a power cut. Writes of data derived from the log (read models and their
 * checkpoints) relax that for their own transaction: see `commitDerived`. The file and its -wal/-shm
 * companions are 0600 in a 0700 folder: they hold secrets.
 */
export function openSqliteDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') {
    ensurePrivateDir(dirname(file));
    ensurePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`])
      if (existsSync(companion)) ensurePrivateFile(companion);
  }
  const db = new Database(file);
  // Only a file without a page yet takes a page size; an existing one keeps its own.
  if (db.pragma('page_count', { simple: true }) === 0) db.pragma(`page_size = ${PAGE_SIZE}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** What `vacuumSqliteDatabase` did: the page size and the file's size in bytes, before and after. */
export interface VacuumResult {
  readonly pageSizeBefore: number;
  readonly pageSizeAfter: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

/**
 * Rewrites the whole file in `PAGE_SIZE` pages (SQLite's VACUUM): a file made before the page size changed
 * takes the new one, and the pages a rebuild freed go back to the file system. No other connection may
 * have the file open (the server stopped, no background checkpointer). It runs with a rollback journal,
 * since a WAL-mode file cannot change its page size, and is atomic like any SQLite transaction: an
 * interruption leaves the file as it was. It needs free disk space for a copy of the file while it runs.
 */
export function vacuumSqliteDatabase(db: SqliteDatabase): VacuumResult {
  const size = () =>
    Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
  const pageSizeBefore = Number(db.pragma('page_size', { simple: true }));
  const bytesBefore = size();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  try {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.exec('VACUUM');
  } finally {
    db.pragma('journal_mode = WAL');
  }
  return {
    pageSizeBefore,
    pageSizeAfter: Number(db.pragma('page_size', { simple: true })),
    bytesBefore,
    bytesAfter: size(),
  };
}

/**
 * Runs `commit` (one SQLite transaction that writes only what the event log can rebuild: read models and
 * the checkpoints committed with them) with synchronous=NORMAL, then restores FULL for everything else.
 *
 * In WAL mode NORMAL skips the fsync at commit and syncs the WAL at checkpoints instead. A commit is
 * still atomic and, once `commit` returns, in the operating system's cache: a killed process (kill -9,
 * a crash, an out-of-memory kill) loses nothing. Only a power cut or a kernel crash can take back the
 * last such commits, and then as whole transactions, changes and checkpoint together, so the projection
 * replays those events from the log, which every append still syncs (synchronous=FULL), and applies
 * each exactly once. What this saves: eleven projections each commit after every append, and on this
 * machine's disk their fsyncs held the event loop for most of each write
 * (docs/decisions/writes-do-not-stall-readers.md).
 */
export function commitDerived<T>(db: SqliteDatabase, commit: () => T): T {
  if (db.inTransaction) return commit();
  db.pragma('synchronous = NORMAL');
  try {
    return commit();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/**
 * The fsync of a WAL-mode database's `-wal` file, run in libuv's thread pool instead of inside a commit on
 * the event loop; concurrent callers share one fsync (group commit): a caller waits for the first fsync
 * that starts after its call, which covers every commit made before it.
 */
export class WalSync {
  private handle: Promise<FileHandle> | null = null;
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;

  constructor(private readonly walFile: string) {}

  /** Resolves once every commit made before this call is on the disk. */
  flush(): Promise<void> {
    if (this.running === null) return this.start();
    // An fsync already running may have started before the caller's commit: wait for the next one,
    // which every caller arriving meanwhile shares.
    this.waiting ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.waiting;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.waiting]);
    const handle = this.handle;
    this.handle = null;
    if (handle) await (await handle).close();
  }

  private startQueued(): Promise<void> {
    this.waiting = null;
    return this.start();
  }

  private start(): Promise<void> {
    const run: Promise<void> = (async () => {
      this.handle ??= open(this.walFile, 'r');
      await (await this.handle).sync();
    })().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }
}

/**
 * Commits `commit` (one SQLite transaction) durably without holding the event loop on the disk: the
 * transaction runs with synchronous=NORMAL (written to the operating system, not yet synced), then the
 * WAL file is fsynced in the thread pool (`WalSync`, shared by concurrent commits) and only then does the
 * promise resolve. An acknowledged commit is on the disk as with synchronous=FULL; a process killed in
 * between (kill -9) loses nothing either, since the commit is already in the operating system; a power cut
 * before the fsync loses only commits nobody was told about. Inside a caller's own transaction, the
 * caller's COMMIT syncs instead.
 */
export async function commitDurably<T>(
  db: SqliteDatabase,
  walSync: WalSync | null,
  commit: () => T,
): Promise<T> {
  if (walSync === null || db.inTransaction) return commit();
  const result = commitDerived(db, commit);
  await walSync.flush();
  return result;
}

/** The WalSync of a file-backed database in WAL mode; null for an in-memory one. */
export function walSyncOf(db: SqliteDatabase): WalSync | null {
  if (db.memory) return null;
  const mode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
  return mode === 'wal' ? new WalSync(`${db.name}-wal`) : null;
}

/** How often the background checkpointer copies the WAL's committed pages into the database file. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Moves WAL checkpoints off the event loop: SQLite's automatic checkpoint runs inside the commit that
 * passes 1,000 WAL pages, copying pages into the database file and syncing both files while the event loop
 * waits (hundreds of milliseconds on a busy disk). Here it is turned off for `db`'s connection, and a worker
 * thread with a connection of its own runs a PASSIVE checkpoint every second: it never blocks readers or
 * writers, takes only frames no reader still needs, and SQLite keeps it crash-safe like any checkpoint.
 * Returns the function that stops the worker (and closes its connection). An in-memory or non-WAL
 * database gets no worker.
 */
export function checkpointInBackground(db: SqliteDatabase): () => Promise<void> {
  if (db.memory || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal')
    return () => Promise.resolve();
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    let db;
    try {
      db = new Database(workerData.file, { fileMustExist: true });
    } catch {
      // The database is gone (closed and its folder removed before this thread started): nothing to do.
      process.exit(0);
    }
    db.pragma('busy_timeout = 1000');
    const checkpoint = () => {
      try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round takes it */ }
    };
    const timer = setInterval(checkpoint, workerData.everyMs);
    parentPort.on('message', () => {
      clearInterval(timer);
      checkpoint();
      db.close();
      parentPort.close();
    });
    `,
    {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file: db.name, everyMs: CHECKPOINT_EVERY_MS },
    },
  );
  worker.unref();
  // A checkpoint that cannot run is not the process's failure: SQLite checkpoints at the next open.
  worker.on('error', () => undefined);
  db.pragma('wal_autocheckpoint = 0');
  let stopped: Promise<void> | null = null;
  return () => {
    stopped ??= new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      // Held until it has stopped, or a process with nothing else to do would end before it.
      worker.ref();
      worker.postMessage('stop');
    }).then(() => {
      // Without the worker, SQLite checkpoints by itself again.
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
    });
    return stopped;
  };
}
