import { passwordProblems, passwordsMismatch } from './password-rules';

describe('password rules', () => {
  it('accepts a password with eight characters of every class', () => {
    expect(passwordProblems('Leping#2026')).toEqual([]);
    expect(passwordProblems('Õun-123a')).toEqual([]);
  });

  it('names every broken rule in order', () => {
    expect(passwordProblems('')).toEqual([
      'PASSWORD_TOO_SHORT',
      'PASSWORD_NO_LOWER',
      'PASSWORD_NO_UPPER',
      'PASSWORD_NO_NUMBER',
      'PASSWORD_NO_SPECIAL',
    ]);
    expect(passwordProblems('Ab1#')).toEqual(['PASSWORD_TOO_SHORT']);
    expect(passwordProblems('ABCDEF1#')).toEqual(['PASSWORD_NO_LOWER']);
    expect(passwordProblems('abcdef1#')).toEqual(['PASSWORD_NO_UPPER']);
    expect(passwordProblems('Abcdefg#')).toEqual(['PASSWORD_NO_NUMBER']);
    expect(passwordProblems('Abcdefg1')).toEqual(['PASSWORD_NO_SPECIAL']);
    expect(passwordProblems('Abcdef 1')).toEqual([]);
  });

  it('asks for matching passwords as SPEC §5 says', () => {
    expect(passwordsMismatch('', '', true)).toBe(false);
    expect(passwordsMismatch('Leping#2026', 'Leping#2026', true)).toBe(false);
    expect(passwordsMismatch('Leping#2026', 'Leping#2027', true)).toBe(true);
    expect(passwordsMismatch('abcdef', 'abcdeg', false)).toBe(true);
    expect(passwordsMismatch('abc', 'abd', false)).toBe(false);
  });
});
