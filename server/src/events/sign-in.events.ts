import type { DomainEvent } from './domain-event';

/** Why every sign-in of a user was ended. */
export type SessionsEndedReason =
  'password-reset' | 'password-changed' | 'sign-out-everywhere' | 'password-reset-required';

/**
 * Every sign-in of the user up to `endedAt` is over: provider sessions and refresh tokens are gone, and
 * the API refuses ID tokens from sign-ins before that moment.
 */
export type SessionsEnded = DomainEvent<
  'SessionsEnded',
  { readonly userId: string; readonly reason: SessionsEndedReason; readonly endedAt: string }
>;

/**
 * An admin required the user to reset their password: the identity provider refuses the old one, and
 * the next sign-in goes to the reset step (SPEC §4). `requiredBy` is the admin.
 */
export type PasswordResetRequired = DomainEvent<
  'PasswordResetRequired',
  { readonly userId: string; readonly requiredBy: string; readonly requiredAt: string }
>;

export type SignInEvent = SessionsEnded | PasswordResetRequired;

/** One stream per user for what happens to their sign-ins (apart from the profile, which they edit). */
export const signInStreamId = (userId: string): string => `sign-in-${userId}`;
