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
      -- Unused since wrong passwords are counted per address in identity_sign_in_failures.
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
    CREATE TABLE IF NOT EXISTS identity_sign_in_failures (
      email TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      first_failed_at TEXT NOT NULL,
      last_failed_at TEXT NOT NULL,
      locked INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS identity_sign_in_failures_last ON identity_sign_in_failures (last_failed_at);
    -- An external identity (Google, Facebook, an OpenID provider) linked to an account.
    CREATE TABLE IF NOT EXISTS identity_federated_identities (
      provider TEXT NOT NULL,
      subject TEXT NOT NULL,
      account_id TEXT NOT NULL,
      email TEXT,
      linked_at TEXT NOT NULL,
      PRIMARY KEY (provider, subject)
    );
    CREATE INDEX IF NOT EXISTS identity_federated_account ON identity_federated_identities (account_id);
    -- A sign-in sent to an external provider and not back yet: its state names the interaction.
    CREATE TABLE IF NOT EXISTS identity_federation_requests (
      state TEXT PRIMARY KEY,
      uid TEXT NOT NULL,
      provider TEXT NOT NULL,
      verifier TEXT NOT NULL,
      nonce TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    );
    -- Browsers that passed the second factor and were remembered (only a hash of their key is kept).
    CREATE TABLE IF NOT EXISTS identity_devices (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      key_hash TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      created_at TEXT NOT NULL,
      last_used_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS identity_devices_account ON identity_devices (account_id);
  `);
  addMissingColumns(db, 'identity_accounts', {
    totp_failures: 'INTEGER NOT NULL DEFAULT 0',
    totp_last_failed_at: 'TEXT',
    totp_last_step: 'INTEGER',
    phone_number: 'TEXT',
    phone_number_verified: 'INTEGER NOT NULL DEFAULT 0',
    sms_mfa_enabled: 'INTEGER NOT NULL DEFAULT 0',
    password_reset_required: 'INTEGER NOT NULL DEFAULT 0',
    attributes: "TEXT NOT NULL DEFAULT '{}'",
    pending_phone_number: 'TEXT',
  });
}

/** Columns added after the first release: added to older files on start. */
function addMissingColumns(
  db: SqliteDatabase,
  table: string,
  columns: Readonly<Record<string, string>>,
): void {
  const existing = new Set(
    (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
  );
  for (const [name, type] of Object.entries(columns)) {
    if (!existing.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
  }
}
