/**
 * The sign-up password policy of SPEC §5 (start-up configuration: length 8 and all four character
 * classes). Returns problem codes; the pages translate them.
 */
export type PasswordProblem =
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_NO_LOWER'
  | 'PASSWORD_NO_UPPER'
  | 'PASSWORD_NO_NUMBER'
  | 'PASSWORD_NO_SPECIAL';

export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_PROBLEMS: readonly PasswordProblem[] = [
  'PASSWORD_TOO_SHORT',
  'PASSWORD_NO_LOWER',
  'PASSWORD_NO_UPPER',
  'PASSWORD_NO_NUMBER',
  'PASSWORD_NO_SPECIAL',
];

/** Cognito's special characters: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space. */
export const PASSWORD_SPECIAL_CHARACTERS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** An e-mail address as sign-up and reset accept it (SPEC §5 'Invalid e-mail' otherwise); the pages' script uses it too. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every rule the password breaks, in the order the messages are shown. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('PASSWORD_TOO_SHORT');
  if (!/\p{Ll}/u.test(password)) problems.push('PASSWORD_NO_LOWER');
  if (!/\p{Lu}/u.test(password)) problems.push('PASSWORD_NO_UPPER');
  if (!/\d/.test(password)) problems.push('PASSWORD_NO_NUMBER');
  if (!PASSWORD_SPECIAL_CHARACTERS.test(password)) problems.push('PASSWORD_NO_SPECIAL');
  return problems;
}

/**
 * SPEC §5: 'Your passwords must match' when they differ and both were touched (a submitted form) or
 * both have at least 6 characters; nothing when both are empty.
 */
export function passwordsMismatch(password: string, confirm: string, touched: boolean): boolean {
  if (password === '' && confirm === '') return false;
  if (password === confirm) return false;
  return touched || (password.length >= 6 && confirm.length >= 6);
}

/** Why a password that meets the composition rules is still refused. */
export type WeakPasswordProblem = 'PASSWORD_COMMON' | 'PASSWORD_CONTAINS_EMAIL';

/** Words of this product and language that the international list cannot know. */
const LOCAL_COMMON_WORDS = [
  'lepinguturg',
  'leping',
  'parool',
  'salasõna',
  'salasona',
  'eesti',
  'tallinn',
  'tartu',
];

let commonPasswords: ReadonlySet<string> | null = null;

/**
 * zxcvbn-ts's list of the ~49,000 most common passwords (leaked-password frequency), loaded once, when
 * first needed: the module holds all of zxcvbn-ts's word lists, about 13 MB of a server that has not yet
 * checked a password (docs/decisions/a-lean-server-process.md).
 */
async function common(): Promise<ReadonlySet<string>> {
  if (!commonPasswords) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    commonPasswords ??= new Set([...dictionary['passwords-common'], ...LOCAL_COMMON_WORDS]);
  }
  return commonPasswords;
}

const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
};

/**
 * What is left of a password once the padding people add to a common word to pass composition rules is
 * taken off: case, digits and special characters at either end ("Password1!" → "password"), and
 * look-alike characters inside.
 */
function cores(password: string): string[] {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  // Then the look-alike digits and signs inside the word: "p@ssw0rd" → "password".
  const unleeted = stripped.replace(/[@401!357$]/g, (c) => LEET[c] ?? c);
  return [lower, stripped, unleeted];
}

/**
 * Passwords the composition rules let through but an attacker tries first (docs/decisions/,
 * "Passwords"): a common password, padded or in leetspeak ("Password1!", "Qwerty123!", "P@ssw0rd1"),
 * and a password holding the name part of the person's own e-mail address (or a 4+ letter piece of it).
 */
export async function weakPasswordProblems(password: string, email: string): Promise<WeakPasswordProblem[]> {
  const problems: WeakPasswordProblem[] = [];
  const passwords = await common();
  if (cores(password).some((core) => core !== '' && passwords.has(core))) problems.push('PASSWORD_COMMON');
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  const pieces = [name, ...name.split(/[._+-]+/).filter((piece) => piece.length >= 4)];
  const lower = password.toLowerCase();
  if (name.length >= 3 && pieces.some((piece) => piece.length >= 3 && lower.includes(piece)))
    problems.push('PASSWORD_CONTAINS_EMAIL');
  return problems;
}
