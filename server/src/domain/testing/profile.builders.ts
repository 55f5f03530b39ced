import type { ProfileRegistered } from '../../events/profile.events';
import type { RegisterProfile } from '../profile/profile.decider';
import { type By, UPLOADER_ID, aContext } from './command-context.builders';

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
