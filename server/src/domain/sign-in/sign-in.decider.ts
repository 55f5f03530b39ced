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

export type SignInCommand = EndSessions;

/** Every request is a new fact: sign-ins made since the last end are ended too. */
function endSessions({ data, context }: EndSessions): SignInEvent[] {
  return [
    {
      type: 'SessionsEnded',
      data: { userId: data.userId, reason: data.reason, endedAt: context.now.toISOString() },
    },
  ];
}

/** Decides what happens to a user's sign-ins. */
export function decideSignIn(command: SignInCommand, _state: SignInState): SignInEvent[] {
  switch (command.type) {
    case 'EndSessions':
      return endSessions(command);
    default:
      return assertNever(command.type);
  }
}

/** Folds one sign-in event into the state. */
export function evolveSignIn(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'SessionsEnded':
      return { sessionsEndedAt: event.data.endedAt };
    default:
      return assertNever(event.type);
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
