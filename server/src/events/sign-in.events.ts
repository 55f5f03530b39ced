import type { DomainEvent } from './domain-event';

/** Why every sign-in of a user was ended. */
export type SessionsEndedReason = 'password-reset' | 'password-changed' | 'sign-out-everywhere';

/**
 * Every sign-in of the user up to `endedAt` is over: provider sessions and refresh tokens are gone, and
 * the API refuses ID tokens from sign-ins before that moment.
 */
export type SessionsEnded = DomainEvent<
  'SessionsEnded',
  { readonly userId: string; readonly reason: SessionsEndedReason; readonly endedAt: string }
>;

export type SignInEvent = SessionsEnded;

/** One stream per user for what happens to their sign-ins (apart from the profile, which they edit). */
export const signInStreamId = (userId: string): string => `sign-in-${userId}`;
