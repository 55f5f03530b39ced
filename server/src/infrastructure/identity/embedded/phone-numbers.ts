import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** One entry of the phone field's country-code selector. */
export interface CallingCode {
  /** ISO 3166-1 alpha-2, e.g. EE. */
  readonly country: string;
  /** +372 */
  readonly code: string;
}

/** The selector's entries for the configured countries (SMS_COUNTRIES), in that order. */
export function callingCodes(countries: readonly string[]): CallingCode[] {
  return countries.map((country) => ({
    country,
    code: `+${getCountryCallingCode(country as CountryCode)}`,
  }));
}

/** Why a phone number was refused. */
export type PhoneProblem = 'PHONE_INVALID' | 'PHONE_NOT_MOBILE' | 'PHONE_COUNTRY_NOT_ALLOWED';

/**
 * SPEC §3: a phone number is sent as the country code plus the number, with every character except
 * letters, digits and + removed ("+372" + "5123 4567" → "+37251234567"). A number typed with its own
 * + prefix keeps it, and the selector's code is then ignored.
 */
export function joinPhoneNumber(countryCode: string, number: string): string {
  const strip = (text: string): string => text.replace(/[^\p{L}\p{N}+]/gu, '');
  const typed = strip(number);
  if (typed.startsWith('+')) return typed;
  if (typed.startsWith('00')) return `+${typed.slice(2)}`;
  return `${strip(countryCode)}${typed.replace(/^0+(?=\d{6})/, '')}`;
}

/**
 * Checks a joined number: a real number (Google's libphonenumber metadata), one that can take text
 * messages (mobile, or a country that does not tell mobile from fixed lines), in an allowed country.
 * Answers the E.164 form, or the problem.
 */
export function checkPhoneNumber(
  joined: string,
  countries: readonly string[],
): { readonly number: string } | { readonly problem: PhoneProblem } {
  if (!/^\+\d{4,16}$/.test(joined)) return { problem: 'PHONE_INVALID' };
  const parsed = parsePhoneNumberFromString(joined);
  if (!parsed?.isValid()) return { problem: 'PHONE_INVALID' };
  const type = parsed.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE')
    return { problem: 'PHONE_NOT_MOBILE' };
  if (!parsed.country || !countries.includes(parsed.country)) return { problem: 'PHONE_COUNTRY_NOT_ALLOWED' };
  return { number: parsed.number };
}

/** A number as shown back to its owner on a page: +372 •••• 4567. */
export function maskPhoneNumber(number: string): string {
  const parsed = parsePhoneNumberFromString(number);
  const code = parsed ? `+${parsed.countryCallingCode}` : number.slice(0, 4);
  return `${code} •••• ${number.slice(-4)}`;
}
