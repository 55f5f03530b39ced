/**
 * The embedded identity provider's sign-in options: social providers it federates with, the extra
 * sign-up attributes, and where text messages (SMS) go. Read by loadConfig (app-config.ts).
 */

type Env = Readonly<Record<string, string | undefined>>;

/** An external OpenID provider the embedded provider federates with ("Sign in with …"). */
export interface SocialProviderConfig {
  /** In URLs and /api/config `providers`: google, facebook, test, or a configured id. */
  readonly id: string;
  /** The button's name: "Sign in with {name}". */
  readonly name: string;
  /** The issuer: its discovery document is read unless `metadata` gives the endpoints. */
  readonly issuer: string;
  readonly clientId: string;
  /** null: a public client (PKCE only). */
  readonly clientSecret: string | null;
  readonly scope: string;
  /** Endpoints when the issuer's discovery document is incomplete (Facebook). */
  readonly metadata: Readonly<Record<string, string>> | null;
  /** More parameters of its authorization request (the test provider: prompt=login). */
  readonly authorizationParams?: Readonly<Record<string, string>>;
}

/** OpenID Connect standard claims a sign-up may ask for (SPEC §3 identity form values). */
export const STANDARD_SIGN_UP_ATTRIBUTES = [
  'given_name',
  'family_name',
  'middle_name',
  'name',
  'nickname',
  'preferred_username',
  'phone_number',
  'birthdate',
  'gender',
  'address',
  'locale',
  'zoneinfo',
  'website',
  'profile',
  'picture',
] as const;

export type StandardSignUpAttribute = (typeof STANDARD_SIGN_UP_ATTRIBUTES)[number];

/** One extra field of the sign-up form. */
export interface SignUpAttribute {
  readonly name: StandardSignUpAttribute | `custom:${string}`;
  readonly required: boolean;
  /** A custom attribute's label per language (standard ones have their own texts). */
  readonly label: { readonly et: string; readonly en: string } | null;
}

export interface SignInConfig {
  readonly socialProviders: readonly SocialProviderConfig[];
  /** The embedded test provider under /test-idp (embedded profile only). */
  readonly testProvider: boolean;
  readonly signUpAttributes: readonly SignUpAttribute[];
}

/** Where text messages go: the outbox (dev mailbox) or Messente's API. */
export interface SmsConfig {
  readonly provider: 'outbox' | 'messente';
  readonly messente: {
    readonly apiUrl: string;
    readonly username: string;
    readonly password: string;
    readonly sender: string;
  } | null;
  /** Countries (ISO 3166-1 alpha-2) whose numbers may receive codes: the phone field's selector. */
  readonly countries: readonly string[];
}

export const MESSENTE_API_URL = 'https://api.messente.com/v1';

/** The phone field's countries unless SMS_COUNTRIES says otherwise: the EU/EEA around us, the UK, Ukraine. */
export const DEFAULT_SMS_COUNTRIES = [
  'EE',
  'LV',
  'LT',
  'FI',
  'SE',
  'NO',
  'DK',
  'DE',
  'PL',
  'FR',
  'NL',
  'BE',
  'AT',
  'ES',
  'IT',
  'IE',
  'GB',
  'UA',
] as const;

const GOOGLE_ISSUER = 'https://accounts.google.com';
const FACEBOOK_GRAPH_VERSION = 'v21.0';
/**
 * Facebook's OIDC code flow with PKCE: its discovery document lacks the token endpoint, so the
 * endpoints are stated (developers.facebook.com, "OIDC Code Flow with PKCE for Manually Built
 * Facebook Login Flows").
 */
const FACEBOOK_METADATA = {
  issuer: 'https://www.facebook.com',
  authorization_endpoint: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
  token_endpoint: `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`,
  jwks_uri: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
};

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function readSocialProviders(env: Env, problems: string[]): SocialProviderConfig[] {
  const providers: SocialProviderConfig[] = [];
  const pair = (idName: string, secretName: string): [string, string] | null => {
    const id = raw(env, idName);
    const secret = raw(env, secretName);
    if (id === undefined && secret === undefined) return null;
    if (id === undefined || secret === undefined) {
      problems.push(`${idName} and ${secretName} are needed together (sign-in with that provider).`);
      return null;
    }
    return [id, secret];
  };
  const google = pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  if (google) {
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: GOOGLE_ISSUER,
      clientId: google[0],
      clientSecret: google[1],
      scope: 'openid email profile',
      metadata: null,
    });
  }
  const facebook = pair('FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET');
  if (facebook) {
    providers.push({
      id: 'facebook',
      name: 'Facebook',
      issuer: FACEBOOK_METADATA.issuer,
      clientId: facebook[0],
      clientSecret: facebook[1],
      scope: 'openid email',
      metadata: FACEBOOK_METADATA,
    });
  }
  const ids = (raw(env, 'OIDC_PROVIDERS') ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== '');
  for (const id of ids) {
    if (!/^[a-z][a-z0-9-]{0,30}$/.test(id) || ['google', 'facebook', 'test'].includes(id)) {
      problems.push(
        `OIDC_PROVIDERS has an id that is not a short lower-case name or is reserved ("${id}"; google, facebook and test are set otherwise).`,
      );
      continue;
    }
    const prefix = `OIDC_PROVIDER_${id.toUpperCase().replace(/-/g, '_')}_`;
    const issuer = raw(env, `${prefix}ISSUER`);
    const clientId = raw(env, `${prefix}CLIENT_ID`);
    if (issuer === undefined || !isHttpUrl(issuer)) {
      problems.push(`${prefix}ISSUER must be the provider's issuer URL (http:// or https://).`);
      continue;
    }
    if (clientId === undefined) {
      problems.push(`${prefix}CLIENT_ID is required for the sign-in provider "${id}".`);
      continue;
    }
    providers.push({
      id,
      name: raw(env, `${prefix}NAME`) ?? id,
      issuer: issuer.replace(/\/+$/, ''),
      clientId,
      clientSecret: raw(env, `${prefix}CLIENT_SECRET`) ?? null,
      scope: 'openid email profile',
      metadata: null,
    });
  }
  return providers;
}

/** `given_name,phone_number,custom:company=Ettevõte|Company` → attributes (required when listed in both). */
function readSignUpAttributes(env: Env, problems: string[]): SignUpAttribute[] {
  const list = (name: string, fallback: string): string[] =>
    (raw(env, name) ?? fallback)
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  const requiredNames = new Set(list('SIGN_UP_REQUIRED_ATTRIBUTES', '').map((e) => e.split('=')[0]));
  const attributes: SignUpAttribute[] = [];
  const seen = new Set<string>();
  const entries = list('SIGN_UP_ATTRIBUTES', 'given_name,family_name,phone_number');
  for (const name of requiredNames)
    if (!entries.some((entry) => entry.split('=')[0] === name)) entries.push(name ?? '');
  for (const entry of entries) {
    const [name = '', labels] = entry.split('=');
    if (seen.has(name)) continue;
    seen.add(name);
    if (name.startsWith('custom:')) {
      if (!/^custom:[a-z][a-z0-9_]{0,19}$/i.test(name)) {
        problems.push(
          `SIGN_UP_ATTRIBUTES has a custom attribute whose name is not custom: plus up to 20 letters, digits or _ ("${name}").`,
        );
        continue;
      }
      const [et, en] = (labels ?? '').split('|').map((label) => label.trim());
      const fallback = name.slice('custom:'.length);
      attributes.push({
        name: name as `custom:${string}`,
        required: requiredNames.has(name),
        label: { et: et || fallback, en: en || et || fallback },
      });
      continue;
    }
    if (!(STANDARD_SIGN_UP_ATTRIBUTES as readonly string[]).includes(name)) {
      problems.push(
        `SIGN_UP_ATTRIBUTES has an unknown attribute "${name}" (standard: ${STANDARD_SIGN_UP_ATTRIBUTES.join(', ')}; or custom:name).`,
      );
      continue;
    }
    attributes.push({
      name: name as StandardSignUpAttribute,
      required: requiredNames.has(name),
      label: null,
    });
  }
  return attributes;
}

/** Reads the sign-in options; every bad value is added to `problems`. */
export function readSignInConfig(
  env: Env,
  problems: string[],
  options: { readonly production: boolean; readonly embeddedIdentity: boolean },
): SignInConfig {
  const socialProviders = readSocialProviders(env, problems);
  const testValue = raw(env, 'TEST_IDP')?.toLowerCase();
  let testProvider = !options.production && options.embeddedIdentity;
  if (testValue !== undefined) {
    if (['true', '1', 'yes'].includes(testValue)) testProvider = true;
    else if (['false', '0', 'no'].includes(testValue)) testProvider = false;
    else problems.push(`TEST_IDP must be true or false (got "${testValue}").`);
  }
  if (testProvider && options.production) {
    problems.push(
      'TEST_IDP=true is refused on PROFILE=production: its test provider lets anybody claim any e-mail address.',
    );
    testProvider = false;
  }
  return {
    socialProviders,
    testProvider: testProvider && options.embeddedIdentity,
    signUpAttributes: readSignUpAttributes(env, problems),
  };
}

/** Reads where text messages go; every bad value is added to `problems`. */
export function readSmsConfig(env: Env, problems: string[]): SmsConfig {
  const provider = raw(env, 'SMS_PROVIDER') ?? 'outbox';
  const countries = (raw(env, 'SMS_COUNTRIES') ?? DEFAULT_SMS_COUNTRIES.join(','))
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  for (const code of countries) {
    if (!/^[A-Z]{2}$/.test(code))
      problems.push(`SMS_COUNTRIES must list two-letter country codes such as EE,LV,FI (got "${code}").`);
  }
  if (provider !== 'outbox' && provider !== 'messente') {
    problems.push(`SMS_PROVIDER must be one of outbox, messente (got "${provider}").`);
    return { provider: 'outbox', messente: null, countries };
  }
  if (provider === 'outbox') return { provider, messente: null, countries };
  const username = raw(env, 'MESSENTE_API_USERNAME');
  const password = raw(env, 'MESSENTE_API_PASSWORD');
  if (username === undefined) problems.push('MESSENTE_API_USERNAME is required for SMS_PROVIDER=messente.');
  if (password === undefined) problems.push('MESSENTE_API_PASSWORD is required for SMS_PROVIDER=messente.');
  const apiUrl = (raw(env, 'MESSENTE_API_URL') ?? MESSENTE_API_URL).replace(/\/+$/, '');
  if (!isHttpUrl(apiUrl))
    problems.push(`MESSENTE_API_URL must be an http:// or https:// URL (got "${apiUrl}").`);
  const sender = raw(env, 'MESSENTE_SENDER') ?? 'Lepinguturg';
  if (!/^(\+\d{6,15}|[A-Za-z0-9 ]{1,11})$/.test(sender))
    problems.push(
      `MESSENTE_SENDER must be a sender name of up to 11 letters and digits, or a phone number (got "${sender}").`,
    );
  return {
    provider,
    messente: { apiUrl, username: username ?? '', password: password ?? '', sender },
    countries,
  };
}
