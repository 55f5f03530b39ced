import { preferredLanguage } from './language';
import { messageKeys, translate } from './server-messages';

describe('server messages', () => {
  it('has every message in both Estonian and English', () => {
    expect(messageKeys('en').sort()).toEqual(messageKeys('et').sort());
  });

  it('fills in parameters', () => {
    expect(translate('en', { key: 'VALIDATION.MAX_LENGTH', params: { 0: 200 } })).toBe(
      'Maximum 200 characters allowed',
    );
    expect(translate('et', { key: 'VALIDATION.MAX_LENGTH', params: { 0: 200 } })).toBe(
      'Lubatud on kuni 200 tähemärki',
    );
  });

  it('answers the key itself for an unknown code, so nothing is hidden', () => {
    expect(translate('en', 'NO.SUCH_CODE')).toBe('NO.SUCH_CODE');
  });
});

describe('language of a request', () => {
  it.each([
    [undefined, 'et'],
    ['', 'et'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['fi-FI,fi;q=0.9', 'et'],
    ['fi, en;q=0.5, et;q=0.8', 'et'],
    ['de;q=1, en;q=0.3', 'en'],
    ['en;q=0', 'et'],
  ])('%j → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
