import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
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
