import { describe, expect, it } from 'vitest';
import { makeFakeJwt, makeUser } from '../../test/fake-api';
import { initialValues, signUpClaims } from './profile-form';

describe('My data starts from what the sign-up form asked', () => {
  const token = makeFakeJwt({
    sub: 'u1',
    given_name: 'Jüri',
    family_name: 'Juurikas',
    birthdate: '1990-05-17',
    address: { formatted: 'Narva mnt 5, Tallinn' },
  });

  it('fills a profile not saved yet from the ID token’s sign-up attributes', () => {
    const user = makeUser({ firstName: '', lastName: '' });
    user.profile = { ...user.profile, firstName: '', lastName: '', dateOfBirth: null, address: '' };
    expect(initialValues(user, signUpClaims(token))).toMatchObject({
      firstName: 'Jüri',
      lastName: 'Juurikas',
      dateOfBirth: '1990-05-17',
      address: 'Narva mnt 5, Tallinn',
    });
  });

  it('never overrides a saved profile, and reads nothing from a token that is not a JWT', () => {
    const user = makeUser();
    expect(initialValues(user, signUpClaims(token)).firstName).toBe(user.profile.firstName);
    expect(signUpClaims('garbage')).toEqual({});
    expect(signUpClaims(null)).toEqual({});
  });
});
