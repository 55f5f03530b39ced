import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREEN_TEXT_AREAS } from '../app/screen-texts';
import { i18n, LanguageProvider, loadTextAreas, plainText, useTranslation } from '.';
import { allAreaFiles, allResources, type Resources, SCREEN_AREAS, SHELL_AREAS } from './resources';

function keys(value: Resources | string, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have the same keys in Estonian and English, each defined in one area only', async () => {
    const { et, en } = await allResources();
    expect(keys(en!).sort()).toEqual(keys(et!).sort());
  });

  it('have the same areas, with the same keys, in both languages', async () => {
    const files = await allAreaFiles();
    const areas = (language: string) =>
      Object.keys(files)
        .filter((file) => file.startsWith(`./locales/${language}/`))
        .map((file) => file.slice(`./locales/${language}/`.length))
        .sort();
    expect(areas('en')).toEqual(areas('et'));
    for (const area of areas('et')) {
      expect(keys(files[`./locales/en/${area}`]!).sort()).toEqual(
        keys(files[`./locales/et/${area}`]!).sort(),
      );
    }
  });

  it('have no empty texts', async () => {
    for (const resources of Object.values(await allResources())) {
      const empty = keys(resources).filter((key) => {
        const value = key
          .split('.')
          .reduce<Resources | string>((node, part) => (node as Resources)[part]!, resources);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('load with the screens that show them: every area a screen names exists', () => {
    const areas = new Set([...SHELL_AREAS, ...SCREEN_AREAS]);
    expect(SHELL_AREAS).toEqual(['account', 'home', 'security', 'shell']);
    for (const [screen, named] of Object.entries(SCREEN_TEXT_AREAS)) {
      expect({ screen, unknown: named.filter((area) => !areas.has(area)) }).toEqual({ screen, unknown: [] });
    }
  });
});

describe('plainText, the lookup without i18next', () => {
  const sampleValues = [(name: string) => `«${name}»`, () => 2024, () => 0, () => 'a {{b}} $t(c) <d>'];

  it.each(['et', 'en'])('writes every %s text as i18next does, or leaves it to i18next', async (language) => {
    await loadTextAreas(SCREEN_AREAS);
    await i18n.loadLanguages(language);
    const all = (await allResources())[language]!;
    const translate = i18n.getFixedT(language) as unknown as (key: string, options?: object) => string;
    let written = 0;
    for (const key of keys(all)) {
      const raw = i18n.getResource(language, 'translation', key) as string;
      const names = [...raw.matchAll(/\{\{(.*?)\}\}/g)].map(([, inner]) => inner!.trim());
      for (const value of sampleValues) {
        const options = names.length
          ? Object.fromEntries(names.map((name) => [name, value(name)]))
          : undefined;
        const text = plainText(language, key, options);
        if (text !== undefined) {
          written += 1;
          expect({ key, text }).toEqual({ key, text: translate(key, options) });
        }
      }
      // A plain text: written here, not left to i18next.
      const plurals = keys(all).some((other) => other.startsWith(`${key}_`));
      const plain =
        !raw.includes('$t(') &&
        names.every((name) => /^\w+$/.test(name) && name !== 'context') &&
        !(names.includes('count') && plurals);
      if (plain) {
        const options = names.length ? Object.fromEntries(names.map((name) => [name, 1])) : undefined;
        expect({ key, text: plainText(language, key, options) }).toEqual({
          key,
          text: translate(key, options),
        });
      }
    }
    expect(written).toBeGreaterThan(keys(all).length * 3);
  });

  it('leaves plurals, contexts, other options, unknown keys and missing values to i18next', () => {
    expect(plainText('et', 'NO.SUCH_KEY')).toBeUndefined();
    expect(plainText('et', 'SEARCH.YEAR')).toBeUndefined();
    expect(plainText('et', 'SEARCH.YEAR', { year: 2024, lng: 'en' })).toBeUndefined();
    expect(plainText('et', 'SEARCH.YEAR', { year: 2024, context: 'x' })).toBeUndefined();
    // A default is not needed for a text that exists; a count is a plain value without plural forms.
    expect(plainText('et', 'SEARCH.YEAR', { year: 2024, defaultValue: 'x' })).toBe('Aasta 2024');
    expect(plainText('et', 'SEARCH.OPTION_COUNT', { label: 'PDF', count: 1 })).toBe('PDF (1)');
    // A text with plural forms is i18next's to choose.
    i18n.addResource('et', 'translation', 'TEST.THINGS', '{{count}} asja');
    i18n.addResource('et', 'translation', 'TEST.THINGS_one', '{{count}} asi');
    expect(plainText('et', 'TEST.THINGS', { count: 1 })).toBeUndefined();
    expect(i18n.getFixedT('et')('TEST.THINGS', { count: 1 })).toBe('1 asi');
    expect(plainText('et', 'SEARCH.YEAR', { year: 2024 })).toBe(
      i18n.getFixedT('et')('SEARCH.YEAR', { year: 2024 }),
    );
  });
});

describe('useTranslation', () => {
  function Tagline() {
    const { t } = useTranslation();
    return (
      <p>
        {t('APP.TAGLINE')} / {t('SEARCH.SUBMIT')}
      </p>
    );
  }

  it('gives the current language’s texts and re-renders every reader when the language changes', async () => {
    await act(() => i18n.changeLanguage('et'));
    await loadTextAreas(['search', 'catalogue']);
    const { result } = renderHook(() => useTranslation(), { wrapper: LanguageProvider });
    expect(result.current.t('SEARCH.SUBMIT')).toBe('Otsi');
    expect(result.current.t('SEARCH.SHOWING', { visible: 2, total: 5 })).toBe('Näitan 2 tulemust 5-st');
    // Remembered by key and values: other values give their own text, the same values the same text.
    expect(result.current.t('SEARCH.SHOWING', { visible: 3, total: 7 })).toBe('Näitan 3 tulemust 7-st');
    expect(result.current.t('SEARCH.SHOWING', { visible: 2, total: 5 })).toBe('Näitan 2 tulemust 5-st');
    // A code without a label shows the code itself; a known code its label.
    expect(result.current.t('LANGUAGE.xx', { defaultValue: 'xx' })).toBe('xx');
    expect(result.current.t('LANGUAGE.et', { defaultValue: 'et' })).toBe('Eesti');

    render(
      <LanguageProvider>
        <Tagline />
      </LanguageProvider>,
    );
    expect(screen.getByText('dokumendipõhjad / Otsi')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('legal templates / Search')).toBeTruthy();
    expect(result.current.t('APP.TAGLINE')).toBe('legal templates');
    await act(() => i18n.changeLanguage('et'));
    expect(screen.getByText('dokumendipõhjad / Otsi')).toBeTruthy();
  });
});
