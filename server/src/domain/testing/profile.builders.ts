import type {
  AdminRoleGranted,
  AdminRoleRevoked,
  ProfileDetails,
  ProfileRegistered,
  ProfileUpdated,
  UserTermsAccepted,
} from '../../events/profile.events';
import { NOTHING_PUBLIC } from '../profile/profile-details';
import type {
  AcceptUserTerms,
  GrantAdmin,
  RegisterProfile,
  RevokeAdmin,
  UpdateProfile,
} from '../profile/profile.decider';
import { type By, UPLOADER_ID, aContext } from './command-context.builders';

export const ADMIN_ID = 'user-admin';

export function registerProfile({
  by,
  at,
  ...data
}: Partial<RegisterProfile['data']> & By = {}): RegisterProfile {
  return {
    type: 'RegisterProfile',
    data: {
      userId: UPLOADER_ID,
      firstName: 'Mari',
      lastName: 'Maasikas',
      email: 'mari.maasikas@example.ee',
      company: null,
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function profileRegistered(data: Partial<ProfileRegistered['data']> = {}): ProfileRegistered {
  return { type: 'ProfileRegistered', data: { ...registerProfile().data, ...data } };
}

/** A complete, valid "My data" form for Mari Maasikas; override any field. */
export function aProfileDetails(
  overrides: Partial<Omit<ProfileDetails, 'public'>> & { public?: Partial<ProfileDetails['public']> } = {},
): ProfileDetails {
  const { public: flags, ...fields } = overrides;
  return {
    firstName: 'Mari',
    lastName: 'Maasikas',
    dateOfBirth: '1985-06-24',
    address: 'Pikk 1, Tallinn',
    country: 'EE',
    language: 'et',
    areasOfPractice: 'Tööõigus',
    additionalInfo: 'Vandeadvokaat',
    organization: 'Maasikas Õigusbüroo',
    ...fields,
    public: { ...NOTHING_PUBLIC, ...flags },
  };
}

export function updateProfile({ by, at, ...data }: Partial<UpdateProfile['data']> & By = {}): UpdateProfile {
  return {
    type: 'UpdateProfile',
    data: {
      userId: UPLOADER_ID,
      email: 'mari.maasikas@example.ee',
      details: aProfileDetails(),
      acceptTerms: false,
      ...data,
    },
    context: aContext({ by: by ?? data.userId ?? UPLOADER_ID, at }),
  };
}

export function profileUpdated(
  details: ProfileDetails = aProfileDetails(),
  userId = UPLOADER_ID,
): ProfileUpdated {
  return { type: 'ProfileUpdated', data: { userId, details } };
}

export function acceptUserTerms({
  by,
  at,
  userId = UPLOADER_ID,
}: { userId?: string } & By = {}): AcceptUserTerms {
  return { type: 'AcceptUserTerms', data: { userId }, context: aContext({ by: by ?? userId, at }) };
}

export function userTermsAccepted(userId = UPLOADER_ID): UserTermsAccepted {
  return { type: 'UserTermsAccepted', data: { userId } };
}

export function grantAdmin({
  by = ADMIN_ID,
  at,
  userId = UPLOADER_ID,
}: { userId?: string } & By = {}): GrantAdmin {
  return { type: 'GrantAdmin', data: { userId }, context: aContext({ by, at }) };
}

export function revokeAdmin({
  by = ADMIN_ID,
  at,
  userId = UPLOADER_ID,
}: { userId?: string } & By = {}): RevokeAdmin {
  return { type: 'RevokeAdmin', data: { userId }, context: aContext({ by, at }) };
}

export function adminRoleGranted(grantedBy = ADMIN_ID, userId = UPLOADER_ID): AdminRoleGranted {
  return { type: 'AdminRoleGranted', data: { userId, grantedBy } };
}

export function adminRoleRevoked(revokedBy = ADMIN_ID, userId = UPLOADER_ID): AdminRoleRevoked {
  return { type: 'AdminRoleRevoked', data: { userId, revokedBy } };
}
