import type { SqliteDatabase } from '../../sqlite/sqlite-database';

/** A sign-in sent to an external provider: its state, the interaction it belongs to, its secrets. */
export interface StoredFederationRequest {
  readonly state: string;
  readonly uid: string;
  readonly provider: string;
  readonly verifier: string;
  readonly nonce: string;
}

/**
 * Sign-ins at external providers that have not returned yet (`identity_federation_requests`). The
 * provider returns to one fixed address; the state finds the interaction, whose cookie then proves it
 * is the same browser. A request is taken once.
 */
export class SqliteFederationRequests {
  constructor(private readonly db: SqliteDatabase) {}

  put(request: StoredFederationRequest, expiresAt: Date, now: Date): void {
    this.db.prepare('DELETE FROM identity_federation_requests WHERE expires_at <= ?').run(now.getTime());
    this.db
      .prepare(
        `INSERT INTO identity_federation_requests (state, uid, provider, verifier, nonce, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        request.state,
        request.uid,
        request.provider,
        request.verifier,
        request.nonce,
        expiresAt.getTime(),
      );
  }

  /** The request of `state` without taking it (the return hop to its interaction). */
  find(state: string, now: Date): StoredFederationRequest | null {
    const row = this.db
      .prepare(
        'SELECT state, uid, provider, verifier, nonce FROM identity_federation_requests WHERE state = ? AND expires_at > ?',
      )
      .get(state, now.getTime()) as StoredFederationRequest | undefined;
    return row ?? null;
  }

  /** Takes the request of `state`: a second return with the same state finds nothing. */
  take(state: string, now: Date): StoredFederationRequest | null {
    const found = this.find(state, now);
    this.db.prepare('DELETE FROM identity_federation_requests WHERE state = ?').run(state);
    return found;
  }
}
