import type { SignUpAttribute } from '../../../config/sign-in-config';
import { hasForbiddenCharacters, normaliseText } from '../../../domain/shared/text';
import type { MessageKey } from './identity-messages';
import { checkPhoneNumber, joinPhoneNumber } from './phone-numbers';

/** A field's problem, as a message key and its values (the page translates it). */
export interface AttributeProblem {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string>>;
}

/** What the sign-up form's extra fields hold once read: attributes as text, and the phone number. */
export interface SignUpValues {
  readonly attributes: Record<string, string>;
  readonly phoneNumber: string | null;
  readonly problems: Record<string, AttributeProblem>;
}

const TEXT_LIMITS: Readonly<Record<string, number>> = {
  address: 500,
  website: 500,
  profile: 500,
  picture: 500,
};
const DEFAULT_TEXT_LIMIT = 100;
const CUSTOM_LIMIT = 200;
const URL_ATTRIBUTES = new Set(['website', 'profile', 'picture']);

const PHONE_PROBLEMS = {
  PHONE_INVALID: 'error.phoneInvalid',
  PHONE_NOT_MOBILE: 'error.phoneNotMobile',
  PHONE_COUNTRY_NOT_ALLOWED: 'error.phoneCountry',
} as const satisfies Record<string, MessageKey>;

function isRealPastDate(value: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && value < today;
}

/** One attribute's value, or its problem; '' when left empty. */
function readAttribute(name: string, raw: string, today: string): string | AttributeProblem {
  const value = normaliseText(raw);
  if (value === '') return '';
  if (hasForbiddenCharacters(value)) return { key: 'error.invalidValue' };
  if (name === 'birthdate') return isRealPastDate(value, today) ? value : { key: 'error.dateInvalid' };
  if (name === 'locale')
    return /^[a-z]{2,3}(-[A-Z]{2})?$/.test(value) ? value : { key: 'error.invalidValue' };
  if (name === 'zoneinfo')
    return Intl.supportedValuesOf('timeZone').includes(value) ? value : { key: 'error.invalidValue' };
  const limit = name.startsWith('custom:') ? CUSTOM_LIMIT : (TEXT_LIMITS[name] ?? DEFAULT_TEXT_LIMIT);
  if ([...value].length > limit) return { key: 'error.tooLong', values: { n: String(limit) } };
  if (URL_ATTRIBUTES.has(name)) {
    try {
      const url = new URL(value);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return { key: 'error.urlInvalid' };
    } catch {
      return { key: 'error.urlInvalid' };
    }
  }
  return value;
}

/**
 * Reads the configured extra sign-up fields (docs/decisions/extra-sign-up-attributes.md): standard
 * OpenID claims and custom: attributes as trimmed NFC text within their limits, the birth date a real
 * past date, web addresses http(s), and the phone number joined from its country code (SPEC §3) and
 * checked to take text messages in an allowed country. Required fields must not be empty.
 */
export function readSignUpValues(
  form: Readonly<Record<string, string>>,
  fields: readonly SignUpAttribute[],
  today: string,
  smsCountries: readonly string[],
): SignUpValues {
  const attributes: Record<string, string> = {};
  const problems: Record<string, AttributeProblem> = {};
  let phoneNumber: string | null = null;
  for (const field of fields) {
    const raw = form[field.name] ?? '';
    if (raw.trim() === '') {
      if (field.required) problems[field.name] = { key: 'error.required' };
      continue;
    }
    if (field.name === 'phone_number') {
      const checked = checkPhoneNumber(joinPhoneNumber(form['country_code'] ?? '', raw), smsCountries);
      if ('problem' in checked) problems[field.name] = { key: PHONE_PROBLEMS[checked.problem] };
      else phoneNumber = checked.number;
      continue;
    }
    const value = readAttribute(field.name, raw, today);
    if (typeof value !== 'string') problems[field.name] = value;
    else if (value !== '') attributes[field.name] = value;
    else if (field.required) problems[field.name] = { key: 'error.required' };
  }
  return { attributes, phoneNumber, problems };
}

/** The message key of a phone number's problem. */
export function phoneProblemKey(problem: keyof typeof PHONE_PROBLEMS): MessageKey {
  return PHONE_PROBLEMS[problem];
}
