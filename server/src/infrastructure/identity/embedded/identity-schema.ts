import type { SqliteDatabase } from '../../sqlite/sqlite-database';

/**
 * Tables of the embedded identity provider, in the profile's single SQLite file next to the events.
 * All prefixed `identity_` so they never collide with the event store or read models.
 */
export function migrateIdentitySchema(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS identity_accounts (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      email_verified INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      totp_secret TEXT,
      totp_enabled INTEGER NOT NULL DEFAULT 0,
      email_mfa_enabled INTEGER NOT NULL DEFAULT 0,
      skip_mfa_offer INTEGER NOT NULL DEFAULT 0,
      failed_attempts INTEGER NOT NULL DEFAULT 0,
      first_failed_at TEXT,
      locked_until TEXT,
      must_change_password INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS identity_codes (
      account_id TEXT NOT NULL,
      purpose TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (account_id, purpose)
    );
    CREATE TABLE IF NOT EXISTS identity_oidc (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      expires_at INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS identity_oidc_grant ON identity_oidc (grant_id);
    CREATE INDEX IF NOT EXISTS identity_oidc_uid ON identity_oidc (model, uid);
    CREATE INDEX IF NOT EXISTS identity_oidc_user_code ON identity_oidc (model, user_code);
    CREATE INDEX IF NOT EXISTS identity_oidc_expires ON identity_oidc (expires_at);
    CREATE TABLE IF NOT EXISTS identity_keys (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS identity_interactions (
      uid TEXT PRIMARY KEY,
      state TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
  `);
}
