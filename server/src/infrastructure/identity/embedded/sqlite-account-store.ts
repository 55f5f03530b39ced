import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';
import { SIGN_IN_LIMITS } from './sign-in-limits';

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
  /** Wrong authenticator codes since the last right one (not reset by a right password). */
  readonly totpFailures: number;
  readonly totpLastFailedAt: string | null;
  /** The TOTP time step last used to sign in: a code of that step or an earlier one is not taken again. */
  readonly totpLastStep: number | null;
  readonly mustChangePassword: boolean;
  /** E.164 (+3725…), or null. */
  readonly phoneNumber: string | null;
  readonly phoneNumberVerified: boolean;
  /** A new number asked for in My data, waiting for its code (the current one stays until then). */
  readonly pendingPhoneNumber: string | null;
  readonly smsMfaEnabled: boolean;
  /** An admin asked for it, or the account was imported: the next sign-in goes to the reset step. */
  readonly passwordResetRequired: boolean;
  /** False for accounts made by a social sign-in or an import, until a password is set. */
  readonly hasPassword: boolean;
  /** Sign-up attributes (OpenID standard claims and custom:…), as text. */
  readonly attributes: Readonly<Record<string, string>>;
}

/** A remembered browser of an account (it skips the second factor until it expires or is forgotten). */
export interface RememberedDevice {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string;
  readonly expiresAt: string;
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
  totp_failures: number;
  totp_last_failed_at: string | null;
  totp_last_step: number | null;
  must_change_password: number;
  phone_number: string | null;
  phone_number_verified: number;
  pending_phone_number: string | null;
  sms_mfa_enabled: number;
  password_reset_required: number;
  attributes: string;
}

/** How many wrong passwords are counted between two sweeps of forgotten rows. */
const SWEEP_FAILURES_EVERY = 200;

interface SignInFailureRow {
  email: string;
  failures: number;
  first_failed_at: string;
  last_failed_at: string;
  locked: number;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with the given email already exists.');
    this.name = 'EmailTakenError';
  }
}

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
  totpFailures: row.totp_failures,
  totpLastFailedAt: row.totp_last_failed_at,
  totpLastStep: row.totp_last_step,
  mustChangePassword: row.must_change_password === 1,
  phoneNumber: row.phone_number,
  phoneNumberVerified: row.phone_number_verified === 1,
  pendingPhoneNumber: row.pending_phone_number,
  smsMfaEnabled: row.sms_mfa_enabled === 1,
  passwordResetRequired: row.password_reset_required === 1,
  hasPassword: row.password_hash !== NO_PASSWORD,
  attributes: parseAttributes(row.attributes),
});

/** The password column of an account that has none (social sign-in, import): no password matches it. */
const NO_PASSWORD = '';

function parseAttributes(json: string | null): Record<string, string> {
  try {
    const value = JSON.parse(json ?? '{}') as unknown;
    if (value === null || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Accounts in `identity_accounts`; every method is synchronous SQL except password hashing. */
export class SqliteAccountStore {
  private failureWrites = 0;

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
    /** null: no password (social sign-in, import) until one is set by a reset. */
    readonly password: string | null;
    readonly emailVerified: boolean;
    readonly now: Date;
    readonly phoneNumber?: string | null;
    readonly phoneNumberVerified?: boolean;
    readonly attributes?: Readonly<Record<string, string>>;
    readonly passwordResetRequired?: boolean;
  }): Promise<IdentityAccount> {
    const email = normalizeEmail(input.email);
    const id = input.id ?? randomUUID();
    const hash = input.password === null ? NO_PASSWORD : await hashPassword(input.password);
    try {
      this.db
        .prepare(
          `INSERT INTO identity_accounts (id, email, password_hash, email_verified, created_at, phone_number,
           phone_number_verified, attributes, password_reset_required) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          email,
          hash,
          input.emailVerified ? 1 : 0,
          input.now.toISOString(),
          input.phoneNumber ?? null,
          input.phoneNumberVerified ? 1 : 0,
          JSON.stringify(input.attributes ?? {}),
          input.passwordResetRequired ? 1 : 0,
        );
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
    if (!row || row.password_hash === NO_PASSWORD) return false;
    return verifyPasswordHash(password, row.password_hash);
  }

  /**
   * Sets a new password. It also ends a lock of the address and the authenticator-code waits: a reset
   * proved control of the mailbox, and the old password (the one being guessed with) is gone.
   */
  async setPassword(accountId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    this.db
      .prepare(
        `UPDATE identity_accounts SET password_hash = ?, must_change_password = 0, password_reset_required = 0,
         totp_failures = 0, totp_last_failed_at = NULL WHERE id = ?`,
      )
      .run(hash, accountId);
    const account = this.findById(accountId);
    if (account) this.clearSignInFailures(account.email);
  }

  private failureRow(email: string): SignInFailureRow | undefined {
    return this.db
      .prepare('SELECT * FROM identity_sign_in_failures WHERE email = ?')
      .get(normalizeEmail(email)) as SignInFailureRow | undefined;
  }

  /**
   * Wrong passwords for an e-mail address, whether or not an account has it (so the answers never tell
   * which addresses exist): the count in the current window, and whether the address is locked.
   */
  signInFailures(email: string, now: Date): { readonly failures: number; readonly locked: boolean } {
    const row = this.failureRow(email);
    if (!row || now.getTime() - Date.parse(row.last_failed_at) > SIGN_IN_LIMITS.addressLockForgottenAfterMs)
      return { failures: 0, locked: false };
    const windowOpen =
      now.getTime() - Date.parse(row.first_failed_at) < SIGN_IN_LIMITS.addressFailureWindowMs;
    return { failures: windowOpen ? row.failures : 0, locked: row.locked === 1 };
  }

  /**
   * Counts a wrong password for the address; at the limit within the window the address is locked.
   * Now and then forgotten rows are deleted, so made-up addresses cannot grow the table without end.
   */
  recordFailedSignIn(email: string, now: Date): void {
    if (++this.failureWrites % SWEEP_FAILURES_EVERY === 0) {
      const forgotten = new Date(now.getTime() - SIGN_IN_LIMITS.addressLockForgottenAfterMs).toISOString();
      this.db.prepare('DELETE FROM identity_sign_in_failures WHERE last_failed_at < ?').run(forgotten);
    }
    const { failures, locked } = this.signInFailures(email, now);
    const count = failures + 1;
    this.db
      .prepare(
        `INSERT INTO identity_sign_in_failures (email, failures, first_failed_at, last_failed_at, locked)
         VALUES (@email, @failures, @at, @at, @locked)
         ON CONFLICT (email) DO UPDATE SET failures = excluded.failures, last_failed_at = excluded.last_failed_at,
         locked = excluded.locked,
         first_failed_at = CASE WHEN @failures = 1 THEN excluded.first_failed_at ELSE first_failed_at END`,
      )
      .run({
        email: normalizeEmail(email),
        failures: count,
        at: now.toISOString(),
        locked: locked || count >= SIGN_IN_LIMITS.addressFailuresBeforeLock ? 1 : 0,
      });
  }

  /** A right password (with the e-mailed code when the address was locked): the count starts over. */
  clearSignInFailures(email: string): void {
    this.db.prepare('DELETE FROM identity_sign_in_failures WHERE email = ?').run(normalizeEmail(email));
  }

  /** Counts a wrong authenticator code of the account. */
  recordTotpFailure(accountId: string, now: Date): void {
    const account = this.findById(accountId);
    if (!account) return;
    const forgotten =
      account.totpLastFailedAt !== null &&
      now.getTime() - Date.parse(account.totpLastFailedAt) > SIGN_IN_LIMITS.totpFailuresForgottenAfterMs;
    this.db
      .prepare('UPDATE identity_accounts SET totp_failures = ?, totp_last_failed_at = ? WHERE id = ?')
      .run((forgotten ? 0 : account.totpFailures) + 1, now.toISOString(), accountId);
  }

  /** A right authenticator code: waits end, and its time step can never be used again. */
  recordTotpSuccess(accountId: string, step: number): void {
    this.db
      .prepare(
        'UPDATE identity_accounts SET totp_failures = 0, totp_last_failed_at = NULL, totp_last_step = ? WHERE id = ?',
      )
      .run(step, accountId);
  }

  markEmailVerified(accountId: string): void {
    this.db.prepare('UPDATE identity_accounts SET email_verified = 1 WHERE id = ?').run(accountId);
  }

  /** Turns the authenticator on with a secret just confirmed by a code of time step `step`. */
  enableTotp(accountId: string, secret: string, step: number): void {
    this.db
      .prepare(
        'UPDATE identity_accounts SET totp_secret = ?, totp_enabled = 1, totp_failures = 0, totp_last_step = ? WHERE id = ?',
      )
      .run(secret, step, accountId);
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

  /**
   * The next sign-in goes to the reset step (a code by e-mail, then a new password); the old password
   * stops working at once.
   */
  requirePasswordReset(accountId: string): boolean {
    const result = this.db
      .prepare('UPDATE identity_accounts SET password_reset_required = 1, password_hash = ? WHERE id = ?')
      .run(NO_PASSWORD, accountId);
    return result.changes > 0;
  }

  /** A new, unverified phone number (null removes it, and SMS as a second factor with it). */
  setPhoneNumber(accountId: string, phoneNumber: string | null): void {
    this.db
      .prepare(
        `UPDATE identity_accounts SET phone_number = ?, phone_number_verified = 0, sms_mfa_enabled = 0,
         pending_phone_number = NULL WHERE id = ?`,
      )
      .run(phoneNumber, accountId);
  }

  /** A number waiting for its code; the verified one (and text-message codes with it) stays until then. */
  setPendingPhoneNumber(accountId: string, phoneNumber: string): void {
    this.db
      .prepare('UPDATE identity_accounts SET pending_phone_number = ? WHERE id = ?')
      .run(phoneNumber, accountId);
  }

  /** The pending number's code was right: it becomes the account's verified number. */
  confirmPendingPhoneNumber(accountId: string, phoneNumber: string): boolean {
    return (
      this.db
        .prepare(
          `UPDATE identity_accounts SET phone_number = pending_phone_number, phone_number_verified = 1,
           pending_phone_number = NULL WHERE id = ? AND pending_phone_number = ?`,
        )
        .run(accountId, phoneNumber).changes > 0
    );
  }

  markPhoneVerified(accountId: string, phoneNumber: string): void {
    this.db
      .prepare('UPDATE identity_accounts SET phone_number_verified = 1 WHERE id = ? AND phone_number = ?')
      .run(accountId, phoneNumber);
  }

  enableSmsMfa(accountId: string): void {
    this.db
      .prepare('UPDATE identity_accounts SET sms_mfa_enabled = 1 WHERE id = ? AND phone_number_verified = 1')
      .run(accountId);
  }

  // ---- external identities ----

  /** The account an external identity is linked to, or null. */
  findByFederatedIdentity(provider: string, subject: string): IdentityAccount | null {
    const row = this.db
      .prepare('SELECT account_id FROM identity_federated_identities WHERE provider = ? AND subject = ?')
      .get(provider, subject) as { account_id: string } | undefined;
    return row ? this.findById(row.account_id) : null;
  }

  linkFederatedIdentity(
    accountId: string,
    provider: string,
    subject: string,
    email: string | null,
    now: Date,
  ): void {
    this.db
      .prepare(
        `INSERT INTO identity_federated_identities (provider, subject, account_id, email, linked_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (provider, subject) DO NOTHING`,
      )
      .run(provider, subject, accountId, email, now.toISOString());
  }

  federatedProviders(accountId: string): string[] {
    return (
      this.db
        .prepare('SELECT provider FROM identity_federated_identities WHERE account_id = ? ORDER BY linked_at')
        .all(accountId) as { provider: string }[]
    ).map((row) => row.provider);
  }

  // ---- remembered devices ----

  /** Remembers a browser for `days`; answers the key its cookie carries (only its hash is kept). */
  rememberDevice(accountId: string, name: string, now: Date, days: number): string {
    const key = randomBytes(32).toString('base64url');
    this.db
      .prepare(
        `INSERT INTO identity_devices (id, account_id, key_hash, name, created_at, last_used_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        randomUUID(),
        accountId,
        sha256(key),
        name.slice(0, 100),
        now.toISOString(),
        now.toISOString(),
        new Date(now.getTime() + days * 86_400_000).toISOString(),
      );
    return key;
  }

  /** Whether `key` is a remembered, unexpired device of the account; a match counts as its use. */
  useDevice(accountId: string, key: string, now: Date): boolean {
    const row = this.db
      .prepare('SELECT id, expires_at FROM identity_devices WHERE key_hash = ? AND account_id = ?')
      .get(sha256(key), accountId) as { id: string; expires_at: string } | undefined;
    if (!row) return false;
    if (Date.parse(row.expires_at) <= now.getTime()) {
      this.db.prepare('DELETE FROM identity_devices WHERE id = ?').run(row.id);
      return false;
    }
    this.db
      .prepare('UPDATE identity_devices SET last_used_at = ? WHERE id = ?')
      .run(now.toISOString(), row.id);
    return true;
  }

  /** The account's remembered devices that have not expired, newest first. */
  devices(accountId: string, now: Date): RememberedDevice[] {
    const rows = this.db
      .prepare(
        `SELECT id, name, created_at, last_used_at, expires_at FROM identity_devices
         WHERE account_id = ? AND expires_at > ? ORDER BY created_at DESC`,
      )
      .all(accountId, now.toISOString()) as {
      id: string;
      name: string;
      created_at: string;
      last_used_at: string;
      expires_at: string;
    }[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
    }));
  }

  /** Forgets one device (false when the account has no such device). */
  forgetDevice(accountId: string, deviceId: string): boolean {
    return (
      this.db.prepare('DELETE FROM identity_devices WHERE id = ? AND account_id = ?').run(deviceId, accountId)
        .changes > 0
    );
  }

  forgetAllDevices(accountId: string): void {
    this.db.prepare('DELETE FROM identity_devices WHERE account_id = ?').run(accountId);
  }
}
