import { chmodSync, existsSync, mkdirSync, openSync, closeSync, statSync } from 'node:fs';

/** Folders holding secrets: owner only (rwx------). */
export const PRIVATE_DIR_MODE = 0o700;
/** Files holding secrets (signing keys, password hashes, mail with codes): owner only (rw-------). */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes the folder (and missing parents) with mode 0700. An existing folder is left as it is when it
 * is not ours to change (DATA_DIR may be a shared place); the returned flag says whether others can
 * read it, so the caller can warn.
 */
export function ensurePrivateDir(path: string): { readableByOthers: boolean } {
  if (!existsSync(path)) mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  return { readableByOthers: (statSync(path).mode & 0o077) !== 0 };
}

/**
 * Creates the file empty with mode 0600 when it is missing, and takes an existing one back to 0600
 * (files from before this rule were 0644). SQLite creates its -wal and -shm files with the mode of the
 * database file, so doing this before opening the database covers them too.
 */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}
