import { deciderSpec, foldEvents } from '../testing/decider-spec';
import { NOW, OTHER_USER_ID, SYSTEM_ACTOR, UPLOADER_ID } from '../testing/command-context.builders';
import {
  ADMIN_ID,
  aProfileDetails,
  acceptUserTerms,
  adminRoleGranted,
  adminRoleRevoked,
  grantAdmin,
  profileRegistered,
  profileUpdated,
  registerProfile,
  revokeAdmin,
  updateProfile,
  userTermsAccepted,
} from '../testing/profile.builders';
import { NOTHING_PUBLIC, publicCompany, publicUploaderProfile } from './profile-details';
import { profileDecider } from './profile.decider';

const spec = deciderSpec(profileDecider);

describe('Profile decider', () => {
  describe('RegisterProfile', () => {
    it('registers a valid profile', () => {
      spec
        .given([])
        .when(registerProfile())
        .then([
          {
            type: 'ProfileRegistered',
            data: {
              userId: 'user-uploader',
              firstName: 'Mari',
              lastName: 'Maasikas',
              email: 'mari.maasikas@example.ee',
              company: null,
            },
          },
        ]);
    });

    it('registers a profile with a company', () => {
      spec
        .given([])
        .when(registerProfile({ company: 'Õigusbüroo OÜ' }))
        .then([profileRegistered({ company: 'Õigusbüroo OÜ' })]);
    });

    it.each(['mari', 'mari@', '@example.ee', 'mari@example', 'mari maasikas@example.ee'])(
      'refuses the e-mail %p as invalid',
      (email) => {
        spec
          .given([])
          .when(registerProfile({ email }))
          .thenThrows('VALIDATION.FORM_HAS_ERRORS', { email: [{ key: 'VALIDATION.INVALID_EMAIL' }] });
      },
    );

    it('requires names and e-mail, all reported at once', () => {
      spec
        .given([])
        .when(registerProfile({ firstName: '', lastName: ' ', email: '' }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          firstName: [{ key: 'VALIDATION.REQUIRED' }],
          lastName: [{ key: 'VALIDATION.REQUIRED' }],
          email: [{ key: 'VALIDATION.REQUIRED' }],
        });
    });

    it('limits the lengths of names and company', () => {
      spec
        .given([])
        .when(registerProfile({ firstName: 'a'.repeat(101), company: 'b'.repeat(201) }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          firstName: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 100 } }],
          company: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 200 } }],
        });
    });

    it('refuses to register twice', () => {
      spec.given([profileRegistered()]).when(registerProfile()).thenThrows('PROFILE.ALREADY_EXISTS');
    });
  });

  describe('UpdateProfile', () => {
    it('registers a new person from the e-mail of their identity, then records the profile', () => {
      spec
        .given([])
        .when(updateProfile())
        .then([profileRegistered({ company: null }), profileUpdated(aProfileDetails())]);
    });

    it('records the whole profile again when anything changed, with its public flags', () => {
      const changed = aProfileDetails({ address: 'Lai 2, Tartu', public: { email: true, country: true } });
      spec
        .given([profileRegistered(), profileUpdated()])
        .when(updateProfile({ details: changed }))
        .then([profileUpdated(changed)]);
    });

    it('records nothing when the form is saved unchanged', () => {
      spec.given([profileRegistered(), profileUpdated()]).when(updateProfile()).thenNothing();
    });

    it('trims texts and normalises the codes before comparing and recording', () => {
      const sloppy = aProfileDetails({
        firstName: '  Mari ',
        country: 'ee',
        language: 'ET',
        dateOfBirth: '',
      });
      spec
        .given([profileRegistered(), profileUpdated()])
        .when(updateProfile({ details: sloppy }))
        .then([profileUpdated(aProfileDetails({ dateOfBirth: null }))]);
    });

    it('stores texts in NFC and treats invisible-only text as empty (domain/shared/text.ts)', () => {
      spec
        .given([profileRegistered(), profileUpdated()])
        .when(
          updateProfile({ details: aProfileDetails({ firstName: '\u200BMa\u0301ri', address: '\u200B' }) }),
        )
        .then([profileUpdated(aProfileDetails({ firstName: 'M\u00e1ri', address: '' }))]);
    });

    it('refuses a name of invisible characters only, and control or bidi-override characters', () => {
      spec
        .given([profileRegistered(), profileUpdated()])
        .when(
          updateProfile({
            details: aProfileDetails({
              firstName: '\u200B\u200B',
              lastName: 'Maasikas\u202Eeeb',
              additionalInfo: 'rida 1\nrida 2\u0000',
            }),
          }),
        )
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          firstName: [{ key: 'VALIDATION.REQUIRED' }],
          lastName: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
          additionalInfo: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
        });
    });

    it('accepts empty optional fields', () => {
      const minimal = aProfileDetails({
        dateOfBirth: null,
        address: '',
        country: '',
        language: '',
        areasOfPractice: '',
        additionalInfo: '',
        organization: '',
      });
      spec
        .given([])
        .when(updateProfile({ details: minimal }))
        .then([profileRegistered(), profileUpdated(minimal)]);
    });

    it('accepts the user terms with the profile, once', () => {
      spec
        .given([profileRegistered(), profileUpdated()])
        .when(updateProfile({ acceptTerms: true }))
        .then([userTermsAccepted()]);
      spec
        .given([profileRegistered(), profileUpdated(), userTermsAccepted()])
        .when(updateProfile({ acceptTerms: true }))
        .thenNothing();
      spec
        .given([])
        .when(updateProfile({ acceptTerms: true }))
        .then([profileRegistered(), profileUpdated(), userTermsAccepted()]);
    });

    it('requires first and last name, all problems reported at once', () => {
      spec
        .given([])
        .when(
          updateProfile({
            details: aProfileDetails({ firstName: ' ', lastName: '', country: 'XX', language: 'english' }),
          }),
        )
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          firstName: [{ key: 'VALIDATION.REQUIRED' }],
          lastName: [{ key: 'VALIDATION.REQUIRED' }],
          country: [{ key: 'VALIDATION.INVALID_CHOICE' }],
          language: [{ key: 'VALIDATION.INVALID_CHOICE' }],
        });
    });

    it('limits names to 100, texts to 500 and additional information to 2000 characters', () => {
      spec
        .given([])
        .when(
          updateProfile({
            details: aProfileDetails({
              firstName: 'a'.repeat(101),
              lastName: 'b'.repeat(100),
              address: 'c'.repeat(501),
              areasOfPractice: 'd'.repeat(501),
              organization: 'e'.repeat(501),
              additionalInfo: 'f'.repeat(2001),
            }),
          }),
        )
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          firstName: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 100 } }],
          address: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 500 } }],
          areasOfPractice: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 500 } }],
          organization: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 500 } }],
          additionalInfo: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 2000 } }],
        });
      spec
        .given([])
        .when(
          updateProfile({
            details: aProfileDetails({ additionalInfo: 'f'.repeat(2000), address: 'c'.repeat(500) }),
          }),
        )
        .then([
          profileRegistered(),
          profileUpdated(aProfileDetails({ additionalInfo: 'f'.repeat(2000), address: 'c'.repeat(500) })),
        ]);
    });

    it.each(['2026-02-30', '1985-13-01', '24.06.1985', '1985-6-24', 'yesterday'])(
      'refuses %p as a date of birth',
      (dateOfBirth) => {
        spec
          .given([])
          .when(updateProfile({ details: aProfileDetails({ dateOfBirth }) }))
          .thenThrows('VALIDATION.FORM_HAS_ERRORS', { dateOfBirth: [{ key: 'VALIDATION.INVALID_DATE' }] });
      },
    );

    it('wants the date of birth in the past: today (by the command time) and later are refused', () => {
      const today = NOW.toISOString().slice(0, 10);
      for (const dateOfBirth of [today, '2030-01-01']) {
        spec
          .given([])
          .when(updateProfile({ details: aProfileDetails({ dateOfBirth }) }))
          .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
            dateOfBirth: [{ key: 'VALIDATION.DATE_NOT_IN_PAST' }],
          });
      }
      const yesterday = new Date(NOW.getTime() - 86_400_000).toISOString().slice(0, 10);
      spec
        .given([])
        .when(updateProfile({ details: aProfileDetails({ dateOfBirth: yesterday }) }))
        .then([profileRegistered(), profileUpdated(aProfileDetails({ dateOfBirth: yesterday }))]);
    });

    it('wants every public flag as a boolean', () => {
      const details = {
        ...aProfileDetails(),
        public: { ...NOTHING_PUBLIC, email: 'yes' },
      } as unknown as ReturnType<typeof aProfileDetails>;
      spec
        .given([])
        .when(updateProfile({ details }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { 'public.email': [{ key: 'VALIDATION.INVALID_VALUE' }] });
    });

    it('needs a usable e-mail from the identity to register a new person', () => {
      spec
        .given([])
        .when(updateProfile({ email: '' }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { email: [{ key: 'VALIDATION.INVALID_EMAIL' }] });
    });
  });

  describe('AcceptUserTerms', () => {
    it('records the acceptance once; accepting again changes nothing', () => {
      spec.given([profileRegistered()]).when(acceptUserTerms()).then([userTermsAccepted()]);
      spec.given([profileRegistered(), userTermsAccepted()]).when(acceptUserTerms()).thenNothing();
    });

    it('needs a profile', () => {
      spec.given([]).when(acceptUserTerms()).thenThrows('USER.NOT_FOUND');
    });
  });

  describe('GrantAdmin and RevokeAdmin', () => {
    it('grants the role, naming the admin who granted it', () => {
      spec
        .given([profileRegistered()])
        .when(grantAdmin({ by: ADMIN_ID }))
        .then([adminRoleGranted(ADMIN_ID)]);
      spec
        .given([profileRegistered()])
        .when(grantAdmin({ by: SYSTEM_ACTOR }))
        .then([adminRoleGranted(SYSTEM_ACTOR)]);
    });

    it('grants nothing twice', () => {
      spec.given([profileRegistered(), adminRoleGranted()]).when(grantAdmin()).thenNothing();
    });

    it('revokes a granted role, naming the admin who revoked it', () => {
      spec
        .given([profileRegistered(), adminRoleGranted()])
        .when(revokeAdmin({ by: OTHER_USER_ID }))
        .then([adminRoleRevoked(OTHER_USER_ID)]);
    });

    it('revokes nothing from someone who is not a granted admin', () => {
      spec.given([profileRegistered()]).when(revokeAdmin()).thenNothing();
      spec
        .given([profileRegistered(), adminRoleGranted(), adminRoleRevoked()])
        .when(revokeAdmin())
        .thenNothing();
    });

    it('does not let an admin revoke their own role', () => {
      spec
        .given([profileRegistered(), adminRoleGranted()])
        .when(revokeAdmin({ by: UPLOADER_ID, userId: UPLOADER_ID }))
        .thenThrows('USER.CANNOT_REVOKE_SELF');
    });

    it('knows no user without a profile', () => {
      spec.given([]).when(grantAdmin()).thenThrows('USER.NOT_FOUND');
      spec.given([]).when(revokeAdmin()).thenThrows('USER.NOT_FOUND');
    });
  });

  describe('GrantAccountant and RevokeAccountant', () => {
    const granted = (by = ADMIN_ID) =>
      ({ type: 'AccountantRoleGranted', data: { userId: UPLOADER_ID, grantedBy: by } }) as const;
    const revoked = (by = ADMIN_ID) =>
      ({ type: 'AccountantRoleRevoked', data: { userId: UPLOADER_ID, revokedBy: by } }) as const;
    const grantAccountant = (by = ADMIN_ID) =>
      ({
        type: 'GrantAccountant',
        data: { userId: UPLOADER_ID },
        context: { actorId: by, now: NOW },
      }) as const;
    const revokeAccountant = (by = ADMIN_ID) =>
      ({
        type: 'RevokeAccountant',
        data: { userId: UPLOADER_ID },
        context: { actorId: by, now: NOW },
      }) as const;

    it('grants the role once, naming the admin', () => {
      spec.given([profileRegistered()]).when(grantAccountant()).then([granted()]);
      spec.given([profileRegistered(), granted()]).when(grantAccountant()).thenNothing();
    });

    it('revokes a granted role once, naming the admin', () => {
      spec
        .given([profileRegistered(), granted()])
        .when(revokeAccountant(OTHER_USER_ID))
        .then([revoked(OTHER_USER_ID)]);
      spec.given([profileRegistered(), granted(), revoked()]).when(revokeAccountant()).thenNothing();
    });

    it('keeps the accountant and admin roles apart', () => {
      expect(foldEvents(profileDecider, [profileRegistered(), granted()])).toMatchObject({
        accountantGranted: true,
        adminGranted: false,
      });
      expect(foldEvents(profileDecider, [profileRegistered(), granted(), revoked()])).toMatchObject({
        accountantGranted: false,
      });
    });

    it('knows no user without a profile', () => {
      spec.given([]).when(grantAccountant()).thenThrows('USER.NOT_FOUND');
      spec.given([]).when(revokeAccountant()).thenThrows('USER.NOT_FOUND');
    });
  });

  describe('evolve', () => {
    it('starts unregistered and remembers e-mail, profile, terms and the granted role', () => {
      expect(profileDecider.initialState).toEqual({ registered: false });
      expect(foldEvents(profileDecider, [profileRegistered({ company: 'Õigusbüroo OÜ' })])).toEqual({
        registered: true,
        email: 'mari.maasikas@example.ee',
        details: {
          ...aProfileDetails({
            dateOfBirth: null,
            address: '',
            country: '',
            language: '',
            areasOfPractice: '',
            additionalInfo: '',
            organization: 'Õigusbüroo OÜ',
          }),
          public: { ...NOTHING_PUBLIC, organization: true },
        },
        termsAccepted: false,
        adminGranted: false,
        accountantGranted: false,
      });
      expect(
        foldEvents(profileDecider, [
          profileRegistered(),
          profileUpdated(),
          userTermsAccepted(),
          adminRoleGranted(),
        ]),
      ).toMatchObject({ details: aProfileDetails(), termsAccepted: true, adminGranted: true });
      expect(
        foldEvents(profileDecider, [profileRegistered(), adminRoleGranted(), adminRoleRevoked()]),
      ).toMatchObject({ adminGranted: false });
    });
  });
});

describe('public uploader fields', () => {
  it('shows only the fields made public and filled in; never date of birth or address', () => {
    const details = aProfileDetails({
      additionalInfo: '',
      public: { email: true, dateOfBirth: true, address: true, country: true, additionalInfo: true },
    });
    expect(publicUploaderProfile(details, 'mari@example.ee')).toEqual({
      email: 'mari@example.ee',
      country: 'EE',
    });
    expect(publicUploaderProfile(aProfileDetails(), 'mari@example.ee')).toEqual({});
  });

  it('shows the organization as the company only when public', () => {
    expect(publicCompany(aProfileDetails())).toBeNull();
    expect(publicCompany(aProfileDetails({ public: { organization: true } }))).toBe('Maasikas Õigusbüroo');
    expect(publicCompany(aProfileDetails({ organization: '', public: { organization: true } }))).toBeNull();
  });
});
