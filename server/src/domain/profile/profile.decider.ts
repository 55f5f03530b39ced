import type { ProfileEvent } from '../../events/profile.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError, FieldValidator } from '../shared/domain-error';

export type ProfileState =
  { readonly registered: false } | { readonly registered: true; readonly email: string };

export const initialProfileState: ProfileState = { registered: false };

export type RegisterProfile = DomainCommand<
  'RegisterProfile',
  {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly company: string | null;
  }
>;

export type ProfileCommand = RegisterProfile;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function register({ data }: RegisterProfile, state: ProfileState): ProfileEvent[] {
  if (state.registered) throw new DomainError('PROFILE.ALREADY_EXISTS');
  const v = new FieldValidator();
  v.requiredText('firstName', data.firstName, 100);
  v.requiredText('lastName', data.lastName, 100);
  v.requiredText('email', data.email, 254);
  if (typeof data.email === 'string' && data.email !== '' && !EMAIL.test(data.email))
    v.add('email', 'VALIDATION.INVALID_EMAIL');
  v.optionalText('company', data.company, 200);
  v.throwIfAny();
  return [{ type: 'ProfileRegistered', data }];
}

/** Decides what happens to a user's profile. */
export function decideProfile(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  switch (command.type) {
    case 'RegisterProfile':
      return register(command, state);
    default:
      return assertNever(command.type);
  }
}

export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'ProfileRegistered':
      return { registered: true, email: event.data.email };
    default:
      return assertNever(event.type);
  }
}

export const profileDecider = {
  initialState: initialProfileState,
  decide: decideProfile,
  evolve: evolveProfile,
};
