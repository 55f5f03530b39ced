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
