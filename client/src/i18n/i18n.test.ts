import { describe, expect, it } from 'vitest';
import { areaFiles, loadResources, type Resources } from './resources';

function keys(value: Resources | string, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have the same keys in Estonian and English', () => {
    const { et, en } = loadResources();
    expect(keys(en!).sort()).toEqual(keys(et!).sort());
  });

  it('have the same areas, with the same keys, in both languages', () => {
    const files = areaFiles();
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

  it('have no empty texts', () => {
    for (const resources of Object.values(loadResources())) {
      const empty = keys(resources).filter((key) => {
        const value = key
          .split('.')
          .reduce<Resources | string>((node, part) => (node as Resources)[part]!, resources);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
