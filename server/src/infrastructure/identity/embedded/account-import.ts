import { STANDARD_SIGN_UP_ATTRIBUTES } from '../../../config/sign-in-config';
import { EMAIL_PATTERN } from './password-rules';
import { checkPhoneNumber } from './phone-numbers';
import { EmailTakenError, type SqliteAccountStore, normalizeEmail } from './sqlite-account-store';

/** Rows of RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

export interface ImportReport {
  readonly created: number;
  /** Addresses that already have an account: left as they are. */
  readonly existing: number;
  /** One line per refused row: its line number and why. */
  readonly problems: readonly string[];
}

const TRUE = new Set(['true', '1', 'yes']);

/**
 * Imports accounts from CSV in the shape of Cognito's user import (a header row of attribute names:
 * email required; email_verified, phone_number, phone_number_verified, the OpenID standard claims and
 * custom:… optional). Imported accounts have no password: their first sign-in goes to the reset step
 * (SPEC §4 "password reset required"), which mails a code and proves the address.
 */
export async function importAccounts(
  accounts: SqliteAccountStore,
  csv: string,
  options: { readonly now: Date; readonly smsCountries: readonly string[] },
): Promise<ImportReport> {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  if (!header?.includes('email'))
    return { created: 0, existing: 0, problems: ['The header row has no email column.'] };
  let created = 0;
  let existing = 0;
  const problems: string[] = [];
  const known = new Set<string>([
    'email',
    'email_verified',
    'phone_number',
    'phone_number_verified',
    ...STANDARD_SIGN_UP_ATTRIBUTES,
  ]);
  for (const name of header) {
    if (!known.has(name) && !/^custom:[a-z][a-z0-9_]{0,19}$/i.test(name) && name !== 'cognito:username')
      problems.push(`Column "${name}" is not an attribute this provider keeps; it is ignored.`);
  }
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const value = (name: string): string => (row[header.indexOf(name)] ?? '').trim();
    const email = normalizeEmail(value('email'));
    if (!EMAIL_PATTERN.test(email)) {
      problems.push(`Line ${line}: "${email}" is not an e-mail address.`);
      continue;
    }
    let phoneNumber: string | null = null;
    if (value('phone_number') !== '') {
      const checked = checkPhoneNumber(
        value('phone_number').replace(/[^\p{L}\p{N}+]/gu, ''),
        options.smsCountries,
      );
      if ('problem' in checked) {
        problems.push(
          `Line ${line}: the phone number "${value('phone_number')}" is refused (${checked.problem}).`,
        );
        continue;
      }
      phoneNumber = checked.number;
    }
    const attributes: Record<string, string> = {};
    for (const name of header) {
      const text = value(name);
      if (
        text === '' ||
        ['email', 'email_verified', 'phone_number', 'phone_number_verified', 'cognito:username'].includes(
          name,
        )
      )
        continue;
      if (known.has(name) || name.startsWith('custom:')) attributes[name] = text.slice(0, 500);
    }
    if (accounts.findByEmail(email)) {
      existing++;
      continue;
    }
    try {
      await accounts.create({
        email,
        password: null,
        emailVerified: TRUE.has(value('email_verified').toLowerCase()),
        phoneNumber,
        phoneNumberVerified: phoneNumber !== null && TRUE.has(value('phone_number_verified').toLowerCase()),
        attributes,
        passwordResetRequired: true,
        now: options.now,
      });
      created++;
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      existing++;
    }
  }
  return { created, existing, problems };
}
