import type { SqliteDatabase } from '../../sqlite/sqlite-database';
import type { IdentitySessions } from '../identity-sessions.port';

/** oidc-provider's models that belong to one account (their payload has a top-level accountId). */
const ACCOUNT_MODELS = [
  'Session',
  'Grant',
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
] as const;

/**
 * The embedded provider's IdentitySessions: deletes every session, grant and token of the account from
 * `identity_oidc`, so its browsers must sign in again and its refresh tokens stop working, and forgets
 * its remembered devices (after a password reset or "sign out everywhere" every browser asks for the
 * second factor again).
 */
export class SqliteIdentitySessions implements IdentitySessions {
  constructor(private readonly db: SqliteDatabase) {}

  endAll(userId: string): Promise<void> {
    this.db
      .prepare(
        `DELETE FROM identity_oidc WHERE model IN (${ACCOUNT_MODELS.map(() => '?').join(', ')})
         AND json_extract(payload, '$.accountId') = ?`,
      )
      .run(...ACCOUNT_MODELS, userId);
    this.db.prepare('DELETE FROM identity_devices WHERE account_id = ?').run(userId);
    return Promise.resolve();
  }
}
