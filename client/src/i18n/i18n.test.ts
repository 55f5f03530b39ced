import { describe, expect, it } from 'vitest';
import { SCREEN_TEXT_AREAS } from '../app/screen-texts';
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
