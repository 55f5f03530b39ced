import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile } from '../private-files';

export type SqliteDatabase = Database.Database;

/**
 * Opens the embedded profile's single SQLite file (events and read models live side by side, and the
 * embedded identity provider's keys and password hashes), in WAL mode with synchronous=FULL so an
 * acknowledged append survives a power cut. The file and its -wal/-shm companions are 0600 in a 0700
 * folder: they hold secrets.
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
