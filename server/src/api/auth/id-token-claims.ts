import type { AuthenticatedUser } from './current-user.decorator';

/** The claims we read from a signature-checked ID token. */
export interface IdTokenClaims {
  readonly sub?: unknown;
  readonly email?: unknown;
  readonly email_verified?: unknown;
  readonly exp?: unknown;
  readonly iat?: unknown;
  readonly auth_time?: unknown;
  readonly aud?: unknown;
  readonly azp?: unknown;
}

/** A checked ID token: who it is for, and when that person signed in (auth_time, else iat). */
export interface CheckedIdToken {
  readonly user: AuthenticatedUser;
  readonly signedInAt: number;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The checks OpenID Connect Core §3.1.3.7 asks of a client beyond signature, issuer, audience and
 * expiry (which passport-jwt makes): an `exp` must be there at all (a token without one would never
 * expire); with an audience list, `azp` must be our client id, and when `azp` is given it must be our
 * client id whatever the audience; `sub` (the product user id, ≤ 255 characters) and `email` must be
 * there. Returns null when the token fails any of them. Pure.
 */
export function checkIdTokenClaims(claims: IdTokenClaims, clientId: string): CheckedIdToken | null {
  const { sub, email, email_verified: emailVerified, exp, iat, auth_time: authTime, aud, azp } = claims;
  if (!isTime(exp)) return null;
  // An audience list names other parties too: only an authorised party of ours makes it our token.
  if (Array.isArray(aud) && azp !== clientId) return null;
  if (azp !== undefined && azp !== clientId) return null;
  if (typeof sub !== 'string' || sub === '' || sub.length > 255) return null;
  if (typeof email !== 'string' || email === '') return null;
  const signedInAt = isTime(authTime) ? authTime : isTime(iat) ? iat : null;
  if (signedInAt === null) return null;
  return {
    user: {
      userId: sub,
      email,
      emailVerified:
        typeof emailVerified === 'boolean' ? emailVerified : emailVerified === 'true' ? true : null,
    },
    signedInAt,
  };
}
