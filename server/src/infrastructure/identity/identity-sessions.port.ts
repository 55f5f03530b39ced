/**
 * The IdentitySessions port: ends a user's sessions at the identity provider (its sessions, grants,
 * refresh and access tokens), so nothing issued before can be refreshed or reused there.
 * Adapters: the embedded provider's SQLite tables; for an external provider, nothing to do here (its
 * own sign-out and revocation APIs apply; the API refuses the old ID tokens either way).
 */
export interface IdentitySessions {
  endAll(userId: string): Promise<void>;
}

export const IDENTITY_SESSIONS = Symbol('IdentitySessions');

/** For an external provider: the API's own check (SessionsEnded) is all this app controls. */
export const externalIdentitySessions: IdentitySessions = { endAll: () => Promise.resolve() };
