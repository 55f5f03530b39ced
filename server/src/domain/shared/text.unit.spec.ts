import fc from 'fast-check';
import { FieldValidator, type DomainError } from './domain-error';
import { hasForbiddenCharacters, isBlankText, normaliseText } from './text';

function problems(check: (v: FieldValidator) => void): unknown {
  const v = new FieldValidator();
  check(v);
  try {
    v.throwIfAny();
    return {};
  } catch (error) {
    return (error as DomainError).fieldErrors;
  }
}

describe('User text (domain/shared/text.ts)', () => {
  describe('normaliseText', () => {
    it('composes to NFC, so "õ" typed as o + combining tilde is the same value', () => {
      expect(normaliseText('Tõnis')).toBe('Tõnis');
      expect(normaliseText('To\u0303nis')).toBe('Tõnis');
      expect(normaliseText('To\u0303nis')).toBe(normaliseText('T\u00f5nis'));
    });

    it('cuts white space and format characters from both ends, not from the middle', () => {
      expect(normaliseText('  \u200B Mari \uFEFF\t')).toBe('Mari');
      expect(normaliseText('Mari\u00A0Maasikas')).toBe('Mari\u00A0Maasikas');
    });

    it('keeps an emoji with its variation selector and joiners intact', () => {
      expect(normaliseText(' ❤️ ')).toBe('❤️');
      expect(normaliseText('👩‍⚖️')).toBe('👩‍⚖️');
    });

    it.each([
      ['white space', ' \t\n '],
      ['zero-width spaces', '\u200B\u200B'],
      ['a word joiner and a byte order mark', '\u2060\uFEFF'],
      ['Hangul fillers', '\u3164\u115F'],
      ['a braille blank', '\u2800'],
      ['a soft hyphen', '\u00AD'],
    ])('turns text of only %s into ""', (_name, text) => {
      expect(isBlankText(text)).toBe(true);
      expect(normaliseText(text)).toBe('');
    });

    it('folds Windows and old Mac line breaks into "\\n"', () => {
      expect(normaliseText('a\r\nb\rc')).toBe('a\nb\nc');
    });

    it('is idempotent for any text', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (text) => {
          const once = normaliseText(text);
          expect(normaliseText(once)).toBe(once);
        }),
      );
    });
  });

  describe('hasForbiddenCharacters', () => {
    it.each([
      ['a NUL', 'a\u0000b'],
      ['an escape', 'a\u001B[31m'],
      ['a C1 control', 'a\u0085b'],
      ['a right-to-left override', 'Mari\u202Ekas'],
      ['a left-to-right embedding', '\u202AMari'],
      ['a first-strong isolate', 'Mari\u2068x\u2069'],
      ['a lone high surrogate', 'Mari\uD800'],
      ['a lone low surrogate', '\uDC00Mari'],
    ])('refuses %s', (_name, text) => {
      expect(hasForbiddenCharacters(text, 'multiline')).toBe(true);
    });

    it('allows line breaks and tabs only in multi-line text', () => {
      expect(hasForbiddenCharacters('a\nb\tc', 'multiline')).toBe(false);
      expect(hasForbiddenCharacters('a\nb', 'line')).toBe(true);
      expect(hasForbiddenCharacters('a\tb', 'line')).toBe(true);
    });

    it('allows the letters, marks and symbols people write', () => {
      for (const text of [
        'Õigusbüroo OÜ',
        'Ærø',
        'Łódź',
        'שלום',
        'مرحبا\u200F',
        '日本語',
        '€ § ©',
        '😀 👩‍⚖️',
      ]) {
        expect(hasForbiddenCharacters(text)).toBe(false);
      }
    });
  });

  describe('FieldValidator', () => {
    it('treats invisible-only text as missing in a required field', () => {
      expect(problems((v) => v.requiredText('firstName', '\u200B', 100))).toEqual({
        firstName: [{ key: 'VALIDATION.REQUIRED' }],
      });
    });

    it('refuses control characters, bidi overrides and lone surrogates with their own message', () => {
      expect(
        problems((v) => {
          v.requiredText('firstName', 'Mari\u202Ekas', 100);
          v.optionalText('address', 'Tee 1\u0007', 100);
          v.optionalText('organization', 'OÜ\uD83D', 100);
        }),
      ).toEqual({
        firstName: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
        address: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
        organization: [{ key: 'VALIDATION.INVALID_CHARACTERS' }],
      });
    });

    it('accepts line breaks in a multi-line text and refuses them in a single line', () => {
      expect(
        problems((v) => {
          v.optionalText('additionalInfo', 'rida 1\nrida 2', 100, 'multiline');
          v.requiredText('lastName', 'Maa\nsikas', 100);
        }),
      ).toEqual({ lastName: [{ key: 'VALIDATION.INVALID_CHARACTERS' }] });
    });
  });
});
