import { ConfigError, loadConfig } from './app-config';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('sign-in configuration (social providers, sign-up attributes, SMS)', () => {
  it('offers only the test provider on a fresh machine, with names and a phone on sign-up, SMS to the outbox', () => {
    const { identity } = loadConfig({}, '/srv/app');
    expect(identity.signIn.socialProviders).toEqual([]);
    expect(identity.signIn.testProvider).toBe(true);
    expect(identity.signIn.signUpAttributes.map((a) => [a.name, a.required])).toEqual([
      ['given_name', false],
      ['family_name', false],
      ['phone_number', false],
    ]);
    expect(identity.sms).toMatchObject({ provider: 'outbox', messente: null });
    expect(identity.sms.countries[0]).toBe('EE');
  });

  it('reads Google, Facebook and any OpenID provider by issuer, client id and secret', () => {
    const { identity } = loadConfig(
      {
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        FACEBOOK_CLIENT_ID: 'fb-id',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        OIDC_PROVIDERS: 'smart-id',
        OIDC_PROVIDER_SMART_ID_ISSUER: 'https://idp.example.ee/',
        OIDC_PROVIDER_SMART_ID_CLIENT_ID: 'lt',
        OIDC_PROVIDER_SMART_ID_NAME: 'Smart-ID',
      },
      '/srv/app',
    );
    expect(identity.signIn.socialProviders.map((p) => [p.id, p.name, p.issuer, p.clientId])).toEqual([
      ['google', 'Google', 'https://accounts.google.com', 'g-id'],
      ['facebook', 'Facebook', 'https://www.facebook.com', 'fb-id'],
      ['smart-id', 'Smart-ID', 'https://idp.example.ee', 'lt'],
    ]);
    expect(identity.signIn.socialProviders[1]?.metadata?.['token_endpoint']).toMatch(
      /^https:\/\/graph\.facebook\.com\/v[\d.]+\/oauth\/access_token$/,
    );
    expect(identity.signIn.socialProviders[2]?.clientSecret).toBeNull();
  });

  it('reads sign-up attributes, custom ones with their labels, and which are required', () => {
    const { identity } = loadConfig(
      {
        SIGN_UP_ATTRIBUTES: 'birthdate,custom:company=Ettevõte|Company',
        SIGN_UP_REQUIRED_ATTRIBUTES: 'family_name,custom:company',
      },
      '/srv/app',
    );
    expect(identity.signIn.signUpAttributes).toEqual([
      { name: 'birthdate', required: false, label: null },
      { name: 'custom:company', required: true, label: { et: 'Ettevõte', en: 'Company' } },
      { name: 'family_name', required: true, label: null },
    ]);
  });

  it.each([
    [
      { GOOGLE_CLIENT_ID: 'x' },
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are needed together (sign-in with that provider).',
    ],
    [
      { OIDC_PROVIDERS: 'acme' },
      "OIDC_PROVIDER_ACME_ISSUER must be the provider's issuer URL (http:// or https://).",
    ],
    [
      { SIGN_UP_ATTRIBUTES: 'shoe_size' },
      expect.stringContaining('SIGN_UP_ATTRIBUTES has an unknown attribute "shoe_size"'),
    ],
    [{ SMS_PROVIDER: 'pigeon' }, 'SMS_PROVIDER must be one of outbox, messente (got "pigeon").'],
    [
      { SMS_COUNTRIES: 'EE,Estonia' },
      'SMS_COUNTRIES must list two-letter country codes such as EE,LV,FI (got "ESTONIA").',
    ],
    [{ TEST_IDP: 'maybe' }, 'TEST_IDP must be true or false (got "maybe").'],
  ])('names a bad variable clearly: %j', (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it('needs Messente credentials for SMS_PROVIDER=messente', () => {
    expect(problemsOf({ SMS_PROVIDER: 'messente' })).toEqual([
      'MESSENTE_API_USERNAME is required for SMS_PROVIDER=messente.',
      'MESSENTE_API_PASSWORD is required for SMS_PROVIDER=messente.',
    ]);
    const { identity } = loadConfig(
      { SMS_PROVIDER: 'messente', MESSENTE_API_USERNAME: 'u', MESSENTE_API_PASSWORD: 'p' },
      '/srv/app',
    );
    expect(identity.sms.messente).toEqual({
      apiUrl: 'https://api.messente.com/v1',
      username: 'u',
      password: 'p',
      sender: 'Lepinguturg',
    });
  });

  it('refuses the test provider on the production profile', () => {
    expect(problemsOf({ PROFILE: 'production', TEST_IDP: 'true' })).toContain(
      'TEST_IDP=true is refused on PROFILE=production: its test provider lets anybody claim any e-mail address.',
    );
  });
});
