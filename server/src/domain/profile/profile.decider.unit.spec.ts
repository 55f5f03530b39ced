import { deciderSpec, foldEvents } from '../testing/decider-spec';
import { profileRegistered, registerProfile } from '../testing/profile.builders';
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

  describe('evolve', () => {
    it('starts unregistered and remembers the e-mail once registered', () => {
      expect(profileDecider.initialState).toEqual({ registered: false });
      expect(foldEvents(profileDecider, [profileRegistered()])).toEqual({
        registered: true,
        email: 'mari.maasikas@example.ee',
      });
    });
  });
});
