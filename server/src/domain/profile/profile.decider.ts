import type { ProfileDetails, ProfileEvent } from '../../events/profile.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError, FieldValidator } from '../shared/domain-error';
import { normaliseTextValue } from '../shared/text';
import {
  normaliseProfileDetails,
  registeredDetails,
  sameProfileDetails,
  validateProfileDetails,
} from './profile-details';

export type ProfileState =
  | { readonly registered: false }
  | {
      readonly registered: true;
      readonly email: string;
      readonly details: ProfileDetails;
      readonly termsAccepted: boolean;
      readonly adminGranted: boolean;
      readonly accountantGranted: boolean;
    };

export const initialProfileState: ProfileState = { registered: false };

/** An uploader's profile created directly (demo seed, imports): names, e-mail and company. */
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

/**
 * The user saves "My data". `email` comes from the signed-in identity (the token), and registers the
 * profile when there is none yet; `acceptTerms` records the user terms in the same decision.
 */
export type UpdateProfile = DomainCommand<
  'UpdateProfile',
  {
    readonly userId: string;
    readonly email: string;
    readonly details: ProfileDetails;
    readonly acceptTerms: boolean;
  }
>;

/** The user accepts the user terms. */
export type AcceptUserTerms = DomainCommand<'AcceptUserTerms', { readonly userId: string }>;

/** An admin (context.actorId) makes the user an administrator. */
export type GrantAdmin = DomainCommand<'GrantAdmin', { readonly userId: string }>;

/** An admin (context.actorId) takes the user's administrator role away. */
export type RevokeAdmin = DomainCommand<'RevokeAdmin', { readonly userId: string }>;

/** An admin (context.actorId) makes the user an accountant (read-only money audit). */
export type GrantAccountant = DomainCommand<'GrantAccountant', { readonly userId: string }>;

/** An admin (context.actorId) takes the user's accountant role away. */
export type RevokeAccountant = DomainCommand<'RevokeAccountant', { readonly userId: string }>;

export type ProfileCommand =
  | RegisterProfile
  | UpdateProfile
  | AcceptUserTerms
  | GrantAdmin
  | RevokeAdmin
  | GrantAccountant
  | RevokeAccountant;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function register(command: RegisterProfile, state: ProfileState): ProfileEvent[] {
  if (state.registered) throw new DomainError('PROFILE.ALREADY_EXISTS');
  const data: RegisterProfile['data'] = {
    ...command.data,
    firstName: normaliseTextValue(command.data.firstName),
    lastName: normaliseTextValue(command.data.lastName),
    company: normaliseTextValue(command.data.company),
  };
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

function termsOnce(userId: string, state: ProfileState): ProfileEvent[] {
  return state.registered && state.termsAccepted ? [] : [{ type: 'UserTermsAccepted', data: { userId } }];
}

function update({ data, context }: UpdateProfile, state: ProfileState): ProfileEvent[] {
  const details = normaliseProfileDetails(data.details);
  const v = new FieldValidator();
  validateProfileDetails(v, details, context.now);
  if (!state.registered && (typeof data.email !== 'string' || !EMAIL.test(data.email)))
    v.add('email', 'VALIDATION.INVALID_EMAIL');
  v.throwIfAny();
  const { userId } = data;
  const events: ProfileEvent[] = [];
  if (!state.registered) {
    const { firstName, lastName } = details;
    events.push({
      type: 'ProfileRegistered',
      data: { userId, firstName, lastName, email: data.email, company: null },
    });
  }
  if (!state.registered || !sameProfileDetails(state.details, details))
    events.push({ type: 'ProfileUpdated', data: { userId, details } });
  if (data.acceptTerms) events.push(...termsOnce(userId, state));
  return events;
}

function acceptTerms({ data }: AcceptUserTerms, state: ProfileState): ProfileEvent[] {
  if (!state.registered) throw new DomainError('USER.NOT_FOUND');
  return termsOnce(data.userId, state);
}

function grantAdmin({ data, context }: GrantAdmin, state: ProfileState): ProfileEvent[] {
  if (!state.registered) throw new DomainError('USER.NOT_FOUND');
  if (state.adminGranted) return [];
  return [{ type: 'AdminRoleGranted', data: { userId: data.userId, grantedBy: context.actorId } }];
}

function revokeAdmin({ data, context }: RevokeAdmin, state: ProfileState): ProfileEvent[] {
  if (!state.registered) throw new DomainError('USER.NOT_FOUND');
  if (context.actorId === data.userId) throw new DomainError('USER.CANNOT_REVOKE_SELF');
  if (!state.adminGranted) return [];
  return [{ type: 'AdminRoleRevoked', data: { userId: data.userId, revokedBy: context.actorId } }];
}

function grantAccountant({ data, context }: GrantAccountant, state: ProfileState): ProfileEvent[] {
  if (!state.registered) throw new DomainError('USER.NOT_FOUND');
  if (state.accountantGranted) return [];
  return [{ type: 'AccountantRoleGranted', data: { userId: data.userId, grantedBy: context.actorId } }];
}

function revokeAccountant({ data, context }: RevokeAccountant, state: ProfileState): ProfileEvent[] {
  if (!state.registered) throw new DomainError('USER.NOT_FOUND');
  if (!state.accountantGranted) return [];
  return [{ type: 'AccountantRoleRevoked', data: { userId: data.userId, revokedBy: context.actorId } }];
}

/** Decides what happens to a user's profile: its fields, the user terms and the admin and accountant roles. */
export function decideProfile(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  switch (command.type) {
    case 'RegisterProfile':
      return register(command, state);
    case 'UpdateProfile':
      return update(command, state);
    case 'AcceptUserTerms':
      return acceptTerms(command, state);
    case 'GrantAdmin':
      return grantAdmin(command, state);
    case 'RevokeAdmin':
      return revokeAdmin(command, state);
    case 'GrantAccountant':
      return grantAccountant(command, state);
    case 'RevokeAccountant':
      return revokeAccountant(command, state);
    default:
      return assertNever(command);
  }
}

/** Folds one profile event into the state. */
export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'ProfileRegistered':
      return {
        registered: true,
        email: event.data.email,
        details: registeredDetails(event.data),
        termsAccepted: false,
        adminGranted: false,
        accountantGranted: false,
      };
    case 'ProfileUpdated':
      return state.registered ? { ...state, details: event.data.details } : state;
    case 'UserTermsAccepted':
      return state.registered ? { ...state, termsAccepted: true } : state;
    case 'AdminRoleGranted':
      return state.registered ? { ...state, adminGranted: true } : state;
    case 'AdminRoleRevoked':
      return state.registered ? { ...state, adminGranted: false } : state;
    case 'AccountantRoleGranted':
      return state.registered ? { ...state, accountantGranted: true } : state;
    case 'AccountantRoleRevoked':
      return state.registered ? { ...state, accountantGranted: false } : state;
    default:
      return assertNever(event);
  }
}

export const profileDecider = {
  initialState: initialProfileState,
  decide: decideProfile,
  evolve: evolveProfile,
};
