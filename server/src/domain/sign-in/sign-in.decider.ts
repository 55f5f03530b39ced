import type { SessionsEndedReason, SignInEvent } from '../../events/sign-in.events';
import { type DomainCommand, assertNever } from '../shared/command';

/** When the user's sign-ins were last ended (null: never). */
export interface SignInState {
  readonly sessionsEndedAt: string | null;
}

export const initialSignInState: SignInState = { sessionsEndedAt: null };

/**
 * End every sign-in of the user: after a password reset or change (the identity provider asks), or when
 * the user chooses "sign out everywhere".
 */
export type EndSessions = DomainCommand<
  'EndSessions',
  { readonly userId: string; readonly reason: SessionsEndedReason }
>;

/** An admin requires the user's password to be reset (their sign-ins end with it). */
export type RequirePasswordReset = DomainCommand<'RequirePasswordReset', { readonly userId: string }>;

export type SignInCommand = EndSessions | RequirePasswordReset;

/** Every request is a new fact: sign-ins made since the last end are ended too. */
function endSessions({ data, context }: EndSessions): SignInEvent[] {
  return [
    {
      type: 'SessionsEnded',
      data: { userId: data.userId, reason: data.reason, endedAt: context.now.toISOString() },
    },
  ];
}

/** The reset is required, and every sign-in so far ends: the old password must not keep anybody in. */
function requirePasswordReset({ data, context }: RequirePasswordReset): SignInEvent[] {
  const at = context.now.toISOString();
  return [
    {
      type: 'PasswordResetRequired',
      data: { userId: data.userId, requiredBy: context.actorId, requiredAt: at },
    },
    { type: 'SessionsEnded', data: { userId: data.userId, reason: 'password-reset-required', endedAt: at } },
  ];
}

/** Decides what happens to a user's sign-ins. */
export function decideSignIn(command: SignInCommand, _state: SignInState): SignInEvent[] {
  switch (command.type) {
    case 'EndSessions':
      return endSessions(command);
    case 'RequirePasswordReset':
      return requirePasswordReset(command);
    default:
      return assertNever(command);
  }
}

/** Folds one sign-in event into the state. */
export function evolveSignIn(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'SessionsEnded':
      return { sessionsEndedAt: event.data.endedAt };
    case 'PasswordResetRequired':
      return state;
    default:
      return assertNever(event);
  }
}

export const signInDecider = {
  initialState: initialSignInState,
  decide: decideSignIn,
  evolve: evolveSignIn,
};

/**
 * Whether an ID token from a sign-in at `authTimeSeconds` (its `auth_time`, else `iat`) is still good
 * after the sign-ins were ended at `endedAt`. Tokens count time in whole seconds, so a sign-in in the
 * same second as the end cannot be told apart from one just before it: it is ended too (whoever signed
 * in at that very second signs in once more).
 */
export function signInStillValid(authTimeSeconds: number, endedAt: string | null): boolean {
  if (endedAt === null) return true;
  return authTimeSeconds > Math.floor(Date.parse(endedAt) / 1000);
}
