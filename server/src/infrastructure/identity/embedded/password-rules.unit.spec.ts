import { passwordProblems, passwordsMismatch, weakPasswordProblems } from './password-rules';

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

describe('weak passwords (beyond the composition rules)', () => {
  it.each([
    'Password1!',
    'Qwerty123!',
    'P@ssw0rd1',
    'Dragon#2026',
    '!Letmein99',
    'Lepinguturg1!',
    'Parool#123',
  ])('refuses %p as a common password padded to pass the rules', async (password) => {
    expect(passwordProblems(password)).toEqual([]);
    expect(await weakPasswordProblems(password, 'mari@example.ee')).toEqual(['PASSWORD_COMMON']);
  });

  it("refuses a password holding the e-mail address's name part, or a piece of it", async () => {
    expect(await weakPasswordProblems('Xmaasikas#26', 'mari.maasikas@example.ee')).toEqual([
      'PASSWORD_CONTAINS_EMAIL',
    ]);
    expect(await weakPasswordProblems('Mari.Maasikas#1', 'mari.maasikas@example.ee')).toEqual([
      'PASSWORD_CONTAINS_EMAIL',
    ]);
    expect(await weakPasswordProblems('Jaan#Kask1x', 'jk@example.ee')).toEqual([]);
  });

  it('accepts passwords that are not common and not the e-mail', async () => {
    for (const password of ['Leping#2026x', 'Ostja#2026', 'Uus#Parool1', 'Kohvi-Tass-7', 'Õun-123a'])
      expect(await weakPasswordProblems(password, 'kati.karu@example.ee')).toEqual([]);
  });
});
