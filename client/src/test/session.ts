import type { ProductUser } from '../api/types';
import { sessionActions } from '../stores/session-store';
import type { FakeApi } from './fake-api';

/** Given: this user is signed in (the fake provider issued their tokens) and the session holds them. */
export function givenSignedIn(api: FakeApi, user: ProductUser, { expiresInSeconds = 3600 } = {}) {
  if (!api.users.includes(user)) api.givenUser(user);
  const expiresAt = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const idToken = api.identity.issueIdToken(user.id, 'n', expiresAt);
  const refreshToken = `refresh-given-${user.id}`;
  api.identity.refreshTokens.set(refreshToken, user.id);
  sessionActions.signedIn({
    idToken,
    accessToken: 'access-given',
    refreshToken,
    expiresAt: expiresAt * 1000,
    authEmail: user.email,
  });
  sessionActions.userLoaded(structuredClone(user));
  return { idToken };
}
