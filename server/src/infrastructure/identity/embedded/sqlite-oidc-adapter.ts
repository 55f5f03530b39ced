import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { SqliteDatabase } from '../../sqlite/sqlite-database';

interface OidcRow {
  payload: string;
  expires_at: number | null;
}

/** Expired rows are deleted every this many writes, so the table does not grow without end. */
const SWEEP_EVERY_WRITES = 200;

/**
 * oidc-provider's persistence (sessions, grants, codes, refresh tokens, interactions, …) in the
 * `identity_oidc` table, so signed-in sessions and refresh tokens survive a restart. Expiry is
 * checked on read; `now` is epoch milliseconds (oidc-provider keeps its own time).
 */
export function createSqliteOidcAdapter(
  db: SqliteDatabase,
  now: () => number = () => Date.now(),
): AdapterConstructor {
  let writes = 0;
  const select = db.prepare('SELECT payload, expires_at FROM identity_oidc WHERE model = ? AND id = ?');
  const selectByUid = db.prepare('SELECT payload, expires_at FROM identity_oidc WHERE model = ? AND uid = ?');
  const selectByUserCode = db.prepare(
    'SELECT payload, expires_at FROM identity_oidc WHERE model = ? AND user_code = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO identity_oidc (model, id, payload, grant_id, user_code, uid, expires_at)
     VALUES (@model, @id, @payload, @grantId, @userCode, @uid, @expiresAt)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  const consume = db.prepare(
    "UPDATE identity_oidc SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?",
  );
  const destroy = db.prepare('DELETE FROM identity_oidc WHERE model = ? AND id = ?');
  const revokeByGrant = db.prepare('DELETE FROM identity_oidc WHERE grant_id = ?');
  const sweep = db.prepare('DELETE FROM identity_oidc WHERE expires_at IS NOT NULL AND expires_at <= ?');

  const live = (row: OidcRow | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= now()) return undefined;
    return JSON.parse(row.payload) as AdapterPayload;
  };

  return class SqliteOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      upsert.run({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null,
      });
      writes += 1;
      if (writes % SWEEP_EVERY_WRITES === 0) sweep.run(now());
      return Promise.resolve();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(select.get(this.model, id) as OidcRow | undefined));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(selectByUid.get(this.model, uid) as OidcRow | undefined));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(selectByUserCode.get(this.model, userCode) as OidcRow | undefined));
    }

    consume(id: string): Promise<void> {
      consume.run(Math.floor(now() / 1000), this.model, id);
      return Promise.resolve();
    }

    destroy(id: string): Promise<void> {
      destroy.run(this.model, id);
      return Promise.resolve();
    }

    revokeByGrantId(grantId: string): Promise<void> {
      revokeByGrant.run(grantId);
      return Promise.resolve();
    }
  };
}
