import { fullName } from '../../domain/profile/profile-details';
import type { ProfileDetails } from '../../events/profile.events';
import type { UserView } from '../../projections/users/users.read-model';

/** Who is signed in, as the verified ID token says. */
export interface SignedInIdentity {
  /** The token's `sub`: the product user id. */
  readonly userId: string;
  readonly email: string;
  /** The token's `email_verified` claim; null when the issuer does not send it. */
  readonly emailVerified: boolean | null;
}

/** docs/api.md ProductUser: the signed-in person as the client shows them. */
export interface ProductUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly email: string;
  readonly dateOfBirth: string | null;
  readonly company: string | null;
  readonly idCode: string | null;
  readonly active: boolean;
  readonly termsAccepted: boolean;
  readonly isAdmin: boolean;
  /** Granted by an admin: the accountant's read-only money audit. */
  readonly isAccountant: boolean;
  readonly profile: ProfileDetails;
  readonly requiredDataMissing: boolean;
}

/** docs/api.md AdminUser: a row of the admin users list. */
export interface AdminUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly isAdmin: boolean;
  readonly adminByConfig: boolean;
  readonly isAccountant: boolean;
  readonly termsAccepted: boolean;
  readonly createdAt: string;
}

/** Whether the e-mail is one of ADMIN_EMAILS (compared in lower case). */
export function isConfiguredAdmin(adminEmails: readonly string[], email: string): boolean {
  return email !== '' && adminEmails.includes(email.trim().toLowerCase());
}

export function toAdminUser(user: UserView, adminEmails: readonly string[]): AdminUser {
  const adminByConfig = isConfiguredAdmin(adminEmails, user.email);
  return {
    id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: adminByConfig || user.isAdminGranted,
    adminByConfig,
    isAccountant: user.isAccountantGranted === true,
    termsAccepted: user.termsAccepted,
    createdAt: user.createdAt,
  };
}

export function toProductUser(
  identity: SignedInIdentity,
  profile: ProfileDetails,
  user: UserView | null,
  adminEmails: readonly string[],
): ProductUser {
  // An issuer that says the e-mail is unverified cannot make anybody an admin by configuration.
  const adminByConfig = identity.emailVerified !== false && isConfiguredAdmin(adminEmails, identity.email);
  return {
    id: identity.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    fullName: fullName(profile),
    email: identity.email,
    dateOfBirth: profile.dateOfBirth,
    company: profile.organization === '' ? null : profile.organization,
    idCode: null,
    active: true,
    termsAccepted: user?.termsAccepted ?? false,
    isAdmin: adminByConfig || (user?.isAdminGranted ?? false),
    isAccountant: user?.isAccountantGranted === true,
    profile,
    requiredDataMissing: profile.firstName === '' || profile.lastName === '',
  };
}
