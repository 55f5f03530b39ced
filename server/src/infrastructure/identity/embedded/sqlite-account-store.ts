import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';

/** A sign-in account of the embedded provider; `id` is the OpenID `sub` and the product user id. */
export interface IdentityAccount {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly createdAt: string;
  readonly totpSecret: string | null;
  readonly totpEnabled: boolean;
  readonly emailMfaEnabled: boolean;
  readonly skipMfaOffer: boolean;
  readonly failedAttempts: number;
  readonly firstFailedAt: string | null;
  readonly lockedUntil: string | null;
  readonly mustChangePassword: boolean;
}

interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified: number;
  created_at: string;
  totp_secret: string | null;
  totp_enabled: number;
  email_mfa_enabled: number;
  skip_mfa_offer: number;
  failed_attempts: number;
  first_failed_at: string | null;
  locked_until: string | null;
  must_change_password: number;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with the given email already exists.');
    this.name = 'EmailTakenError';
  }
}

/** SPEC: after 5 failed sign-ins within 15 minutes the account is locked for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, SCRYPT.keyLength, { N: n, r, p }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const toAccount = (row: AccountRow): IdentityAccount => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified === 1,
  createdAt: row.created_at,
  totpSecret: row.totp_secret,
  totpEnabled: row.totp_enabled === 1,
  emailMfaEnabled: row.email_mfa_enabled === 1,
  skipMfaOffer: row.skip_mfa_offer === 1,
  failedAttempts: row.failed_attempts,
  firstFailedAt: row.first_failed_at,
  lockedUntil: row.locked_until,
  mustChangePassword: row.must_change_password === 1,
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Accounts in `identity_accounts`; every method is synchronous SQL except password hashing. */
export class SqliteAccountStore {
  constructor(private readonly db: SqliteDatabase) {}

  findById(id: string): IdentityAccount | null {
    const row = this.db.prepare('SELECT * FROM identity_accounts WHERE id = ?').get(id) as
      AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  findByEmail(email: string): IdentityAccount | null {
    const row = this.db
      .prepare('SELECT * FROM identity_accounts WHERE email = ?')
      .get(normalizeEmail(email)) as AccountRow | undefined;
    return row ? toAccount(row) : null;
  }

  /** Creates an account; throws EmailTakenError when the e-mail is in use. */
  async create(input: {
    readonly id?: string;
    readonly email: string;
    readonly password: string;
    readonly emailVerified: boolean;
    readonly now: Date;
  }): Promise<IdentityAccount> {
    const email = normalizeEmail(input.email);
    const id = input.id ?? randomUUID();
    const hash = await hashPassword(input.password);
    try {
      this.db
        .prepare(
          'INSERT INTO identity_accounts (id, email, password_hash, email_verified, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(id, email, hash, input.emailVerified ? 1 : 0, input.now.toISOString());
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) throw new EmailTakenError();
      throw error;
    }
    const created = this.findById(id);
    if (!created) throw new Error('Account vanished after insert');
    return created;
  }

  async checkPassword(accountId: string, password: string): Promise<boolean> {
    const row = this.db.prepare('SELECT password_hash FROM identity_accounts WHERE id = ?').get(accountId) as
      { password_hash: string } | undefined;
    return row ? verifyPasswordHash(password, row.password_hash) : false;
  }

  async setPassword(accountId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    // A new password also ends a lockout: the person proved control of the mailbox.
    this.db
      .prepare(
        `UPDATE identity_accounts SET password_hash = ?, must_change_password = 0, failed_attempts = 0,
         first_failed_at = NULL, locked_until = NULL WHERE id = ?`,
      )
      .run(hash, accountId);
  }

  isLocked(account: IdentityAccount, now: Date): boolean {
    return account.lockedUntil !== null && new Date(account.lockedUntil).getTime() > now.getTime();
  }

  /** Counts a failed sign-in; returns true when this failure locked the account. */
  recordFailedSignIn(account: IdentityAccount, now: Date): boolean {
    const windowOpen =
      account.firstFailedAt !== null &&
      now.getTime() - new Date(account.firstFailedAt).getTime() < FAILURE_WINDOW_MS;
    const attempts = windowOpen ? account.failedAttempts + 1 : 1;
    const firstFailedAt = windowOpen ? account.firstFailedAt : now.toISOString();
    const locked = attempts >= MAX_FAILED_SIGN_INS;
    this.db
      .prepare(
        'UPDATE identity_accounts SET failed_attempts = ?, first_failed_at = ?, locked_until = ? WHERE id = ?',
      )
      .run(
        locked ? 0 : attempts,
        locked ? null : firstFailedAt,
        locked ? new Date(now.getTime() + LOCK_MS).toISOString() : account.lockedUntil,
        account.id,
      );
    return locked;
  }

  clearFailedSignIns(accountId: string): void {
    this.db
      .prepare(
        'UPDATE identity_accounts SET failed_attempts = 0, first_failed_at = NULL, locked_until = NULL WHERE id = ?',
      )
      .run(accountId);
  }

  markEmailVerified(accountId: string): void {
    this.db.prepare('UPDATE identity_accounts SET email_verified = 1 WHERE id = ?').run(accountId);
  }

  enableTotp(accountId: string, secret: string): void {
    this.db
      .prepare('UPDATE identity_accounts SET totp_secret = ?, totp_enabled = 1 WHERE id = ?')
      .run(secret, accountId);
  }

  enableEmailMfa(accountId: string): void {
    this.db.prepare('UPDATE identity_accounts SET email_mfa_enabled = 1 WHERE id = ?').run(accountId);
  }

  skipMfaOffer(accountId: string): void {
    this.db.prepare('UPDATE identity_accounts SET skip_mfa_offer = 1 WHERE id = ?').run(accountId);
  }

  requirePasswordChange(accountId: string): void {
    this.db.prepare('UPDATE identity_accounts SET must_change_password = 1 WHERE id = ?').run(accountId);
  }
}
