import type { ProductUser, ProfileFields, ProfilePublicFlags } from '../../api/types';
import type { UpdateUserBody } from './api/update-user';

/** The server's bounds (api.md POST /api/user/update). */
export const NAME_MAX = 100;
export const TEXT_MAX = 500;
export const ADDITIONAL_INFO_MAX = 2000;

/** Countries offered for the profile (ISO 3166-1 alpha-2), translated as COUNTRY.<code>. */
export const COUNTRIES = [
  'EE',
  'LV',
  'LT',
  'FI',
  'SE',
  'DE',
  'PL',
  'NO',
  'DK',
  'FR',
  'NL',
  'BE',
  'AT',
  'ES',
  'IT',
  'IE',
  'GB',
  'UA',
  'US',
] as const;

/** Languages offered for the profile, translated as LANGUAGE.<code>. */
export const PROFILE_LANGUAGES = ['et', 'en', 'ru', 'fi', 'lv', 'lt', 'de'] as const;

export type TextField = Exclude<keyof ProfileFields, 'public' | 'dateOfBirth'>;
export type FormField = keyof Omit<ProfileFields, 'public'> | 'acceptTerms';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or '' */
  dateOfBirth: string;
  address: string;
  country: string;
  language: string;
  areasOfPractice: string;
  additionalInfo: string;
  organization: string;
  public: ProfilePublicFlags;
  acceptTerms: boolean;
}

/** A validation message as an i18n key with its values (SPEC §5 texts). */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type FormErrors = Partial<Record<FormField, FieldError>>;

/** What the sign-up form asked (ID token claims of the embedded provider), for a profile not saved yet. */
export interface SignUpClaims {
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  address?: { formatted?: string };
}

/** The sign-up attributes in an ID token; {} when it holds none or is not a JWT. */
export function signUpClaims(idToken: string | null): SignUpClaims {
  const part = idToken?.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const payload: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return typeof payload === 'object' && payload !== null ? payload : {};
  } catch {
    return {};
  }
}

/**
 * The form's first values: the saved profile, or for a person who has not saved one yet what they told
 * the sign-up form (names, date of birth, address), so nothing is typed twice.
 */
export function initialValues(user: ProductUser, claims: SignUpClaims = {}): ProfileFormValues {
  const { profile } = user;
  const unsaved = !profile.firstName && !profile.lastName;
  const text = (value: unknown): string => (unsaved && typeof value === 'string' ? value : '');
  return {
    firstName: profile.firstName || text(claims.given_name),
    lastName: profile.lastName || text(claims.family_name),
    dateOfBirth: profile.dateOfBirth ?? (text(claims.birthdate) || ''),
    address: profile.address || text(claims.address?.formatted),
    country: profile.country,
    language: profile.language,
    areasOfPractice: profile.areasOfPractice,
    additionalInfo: profile.additionalInfo,
    organization: profile.organization,
    public: { ...profile.public },
    acceptTerms: user.termsAccepted,
  };
}

const MAX_LENGTHS: Record<TextField, number> = {
  firstName: NAME_MAX,
  lastName: NAME_MAX,
  address: TEXT_MAX,
  country: TEXT_MAX,
  language: TEXT_MAX,
  areasOfPractice: TEXT_MAX,
  organization: TEXT_MAX,
  additionalInfo: ADDITIONAL_INFO_MAX,
};

function isRealPastDate(value: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value < today;
}

/**
 * The client's mirror of the server's rules: names required (≤ 100), other texts ≤ 500
 * (additional information ≤ 2000), date of birth a real past date. Accepting the user terms is not a
 * condition for saving (the server does not make it one); the route guard keeps asking until it is done.
 */
export function validateProfile(values: ProfileFormValues, today: string): FormErrors {
  const errors: FormErrors = {};
  for (const field of Object.keys(MAX_LENGTHS) as TextField[]) {
    const value = values[field];
    if ((field === 'firstName' || field === 'lastName') && !value.trim()) {
      errors[field] = { key: 'VALIDATION.REQUIRED' };
    } else if (value.trim().length > MAX_LENGTHS[field]) {
      errors[field] = { key: 'VALIDATION.MAX_LENGTH', values: { max: MAX_LENGTHS[field] } };
    }
  }
  if (values.dateOfBirth && !isRealPastDate(values.dateOfBirth, today)) {
    errors.dateOfBirth = { key: 'VALIDATION.DATE_IN_PAST' };
  }
  return errors;
}

export function toUpdateBody(values: ProfileFormValues, termsAlreadyAccepted: boolean): UpdateUserBody {
  const body: UpdateUserBody = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    dateOfBirth: values.dateOfBirth || null,
    address: values.address.trim(),
    country: values.country,
    language: values.language,
    areasOfPractice: values.areasOfPractice.trim(),
    additionalInfo: values.additionalInfo.trim(),
    organization: values.organization.trim(),
    public: { ...values.public },
  };
  if (values.acceptTerms && !termsAlreadyAccepted) body.acceptTerms = true;
  return body;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
