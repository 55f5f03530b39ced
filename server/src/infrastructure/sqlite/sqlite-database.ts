import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile } from '../private-files';

export type SqliteDatabase = Database.Database;

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
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
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
