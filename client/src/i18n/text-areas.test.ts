import { afterEach, describe, expect, it } from 'vitest';
import { addTextAreas, i18n } from './index';
import searchEt from './locales/et/search.json';

afterEach(async () => {
  await i18n.changeLanguage('et');
});

describe("texts that come with a page's own script (app/start.tsx)", () => {
  it('are there at once in their language, and a switch to the other language loads its texts', async () => {
    await i18n.changeLanguage('et');
    expect(i18n.hasResourceBundle('et', 'search')).toBe(false);

    addTextAreas('et', { search: searchEt });
    expect(i18n.t('SEARCH.TITLE')).toBe('Otsi dokumente');
    expect(i18n.hasResourceBundle('en', 'search')).toBe(false);

    await i18n.changeLanguage('en');
    expect(i18n.t('SEARCH.TITLE')).toBe('Search documents');
  });

  it('refuses an area that does not exist', () => {
    expect(() => addTextAreas('et', { nonsense: {} })).toThrow('No texts for the areas nonsense');
  });
});
