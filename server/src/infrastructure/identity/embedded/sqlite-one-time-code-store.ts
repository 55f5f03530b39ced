import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';

export type CodePurpose =
  | 'confirm-sign-up'
  | 'reset-password'
  | 'mfa-email'
  | 'verify'
  | 'unlock'
  | 'verify-phone'
  | 'mfa-sms'
  | 'link-account'
  | 'confirm-link';

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'attempts-exceeded';

/** How long each kind of code lives (Cognito: sign-up 24 h, reset 1 h, e-mail MFA a few minutes). */
export const CODE_TTL_SECONDS: Readonly<Record<CodePurpose, number>> = {
  'confirm-sign-up': 24 * 3600,
  'reset-password': 3600,
  'mfa-email': 10 * 60,
  verify: 24 * 3600,
  unlock: 15 * 60,
  'verify-phone': 3600,
  'mfa-sms': 10 * 60,
  'link-account': 3600,
  'confirm-link': 24 * 3600,
};

/** A code accepts at most this many wrong entries; then a new one must be requested. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Six-digit codes sent by e-mail. Only an HMAC of the code is stored (keyed by a server secret, as a
 * plain hash of a 6-digit number is reversed instantly); one live code per account and purpose.
 */
export class SqliteOneTimeCodeStore {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly secret: Buffer,
  ) {}

  private hash(accountId: string, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`${accountId}:${purpose}:${code}`).digest('base64');
  }

  /** A new code replacing any earlier one of the same purpose; returned once, to be mailed. */
  issue(accountId: string, purpose: CodePurpose, now: Date): string {
    return this.store(accountId, purpose, randomInt(0, 1_000_000).toString().padStart(6, '0'), now);
  }

  /** A long random token for a link (a confirmation link in a mail), checked like a code. */
  issueToken(accountId: string, purpose: CodePurpose, now: Date): string {
    return this.store(accountId, purpose, randomBytes(24).toString('base64url'), now);
  }

  private store(accountId: string, purpose: CodePurpose, code: string, now: Date): string {
    const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS[purpose] * 1000).toISOString();
    this.db
      .prepare(
        `INSERT INTO identity_codes (account_id, purpose, code_hash, expires_at, attempts) VALUES (?, ?, ?, ?, 0)
         ON CONFLICT (account_id, purpose) DO UPDATE SET code_hash = excluded.code_hash,
         expires_at = excluded.expires_at, attempts = 0`,
      )
      .run(accountId, purpose, this.hash(accountId, purpose, code), expiresAt);
    return code;
  }

  /** Checks a code; a correct one is used up, a wrong one counts against MAX_CODE_ATTEMPTS. */
  check(accountId: string, purpose: CodePurpose, code: string, now: Date): CodeCheck {
    const row = this.db
      .prepare(
        'SELECT code_hash, expires_at, attempts FROM identity_codes WHERE account_id = ? AND purpose = ?',
      )
      .get(accountId, purpose) as { code_hash: string; expires_at: string; attempts: number } | undefined;
    if (!row) return 'invalid';
    if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
    if (row.attempts >= MAX_CODE_ATTEMPTS) return 'attempts-exceeded';
    const expected = Buffer.from(row.code_hash, 'base64');
    const actual = Buffer.from(this.hash(accountId, purpose, code.trim()), 'base64');
    if (timingSafeEqual(expected, actual)) {
      this.db
        .prepare('DELETE FROM identity_codes WHERE account_id = ? AND purpose = ?')
        .run(accountId, purpose);
      return 'ok';
    }
    this.db
      .prepare('UPDATE identity_codes SET attempts = attempts + 1 WHERE account_id = ? AND purpose = ?')
      .run(accountId, purpose);
    return row.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'attempts-exceeded' : 'invalid';
  }
}
