import type { DomainEvent } from './domain-event';

/** The product user's profile was created (by an uploader's registration or the first profile save). */
export type ProfileRegistered = DomainEvent<
  'ProfileRegistered',
  {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly company: string | null;
  }
>;

/** Which profile fields the user shows to others (first and last name are always public). */
export interface ProfilePublicFlags {
  readonly email: boolean;
  readonly dateOfBirth: boolean;
  readonly address: boolean;
  readonly country: boolean;
  readonly language: boolean;
  readonly areasOfPractice: boolean;
  readonly additionalInfo: boolean;
  readonly organization: boolean;
}

/** The "My data" form: every field the user keeps about themselves (docs/api.md ProfileFields). */
export interface ProfileDetails {
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD, or null when not given. */
  readonly dateOfBirth: string | null;
  readonly address: string;
  /** ISO 3166-1 alpha-2, or ''. */
  readonly country: string;
  /** ISO 639-1 code, or ''. */
  readonly language: string;
  readonly areasOfPractice: string;
  readonly additionalInfo: string;
  readonly organization: string;
  readonly public: ProfilePublicFlags;
}

/** The user saved their profile; the payload is the whole profile as it now stands. */
export type ProfileUpdated = DomainEvent<
  'ProfileUpdated',
  { readonly userId: string; readonly details: ProfileDetails }
>;

/** The user accepted the user terms (once; it is never taken back). */
export type UserTermsAccepted = DomainEvent<'UserTermsAccepted', { readonly userId: string }>;

/** An admin (or the system) made the user an administrator. */
export type AdminRoleGranted = DomainEvent<
  'AdminRoleGranted',
  { readonly userId: string; readonly grantedBy: string }
>;

/** An admin took the user's administrator role away. */
export type AdminRoleRevoked = DomainEvent<
  'AdminRoleRevoked',
  { readonly userId: string; readonly revokedBy: string }
>;

/** An admin made the user an accountant: read-only access to every money event and report. */
export type AccountantRoleGranted = DomainEvent<
  'AccountantRoleGranted',
  { readonly userId: string; readonly grantedBy: string }
>;

/** An admin took the user's accountant role away. */
export type AccountantRoleRevoked = DomainEvent<
  'AccountantRoleRevoked',
  { readonly userId: string; readonly revokedBy: string }
>;

export type ProfileEvent =
  | ProfileRegistered
  | ProfileUpdated
  | UserTermsAccepted
  | AdminRoleGranted
  | AdminRoleRevoked
  | AccountantRoleGranted
  | AccountantRoleRevoked;

export const profileStreamId = (userId: string): string => `profile-${userId}`;
