import { describe, expect, it } from 'vitest';
import en from './en.json';
import et from './et.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have the same keys in Estonian and English', () => {
    expect(keys(en).sort()).toEqual(keys(et).sort());
  });

  it('have no empty texts', () => {
    for (const resources of [en, et]) {
      const empty = keys(resources).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});
