import { IdFilter } from './embedded-id-filter';

describe('IdFilter', () => {
  it('knows every id added, far past the size it was made for, and says "certainly not" to nearly all others', () => {
    const filter = new IdFilter(4096);
    const added = 100_000;
    for (let i = 0; i < added; i++) filter.add(`purchase-${i}:0`);
    let missed = 0;
    for (let i = 0; i < added; i++) if (!filter.mightHave(`purchase-${i}:0`)) missed++;
    expect(missed).toBe(0);
    let falsePositives = 0;
    const others = 100_000;
    for (let i = 0; i < others; i++) if (filter.mightHave(`purchase-${i}:1`)) falsePositives++;
    expect(falsePositives / others).toBeLessThan(0.02);
    // Grown in layers four times the last, not rebuilt: at most 8 bytes for each id it holds.
    expect(filter.bytes).toBeLessThanOrEqual(added * 8);
  });

  it('holds nothing when new', () => {
    const filter = new IdFilter(0);
    expect(filter.mightHave('a')).toBe(false);
    expect(filter.mightHave('')).toBe(false);
  });
});
