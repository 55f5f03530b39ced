import { englishStem } from './english-stemmer';
import { ENGLISH_SAMPLE } from './english-stemmer.sample';

describe('Snowball English (Porter2) stemmer', () => {
  it("gives the Snowball project's own stem for a run of its English test vocabulary", () => {
    const wrong = ENGLISH_SAMPLE.filter(([word, stem]) => englishStem(word) !== stem).map(
      ([word, stem]) => `${word}: expected ${stem}, got ${englishStem(word)}`,
    );
    expect(wrong).toEqual([]);
    expect(ENGLISH_SAMPLE.length).toBeGreaterThan(400);
  });

  it.each([
    ['lease', 'leas'],
    ['leases', 'leas'],
    ['leased', 'leas'],
    ['contracts', 'contract'],
    ['agreements', 'agreement'],
    ['companies', 'compani'],
    ['ties', 'tie'],
    ['caresses', 'caress'],
    ['hopping', 'hop'],
  ])('given the plural or inflected %p, when stemmed, then it is %p', (word, stem) => {
    expect(englishStem(word)).toBe(stem);
  });

  it('given an exception word or a word of two letters, when stemmed, then it is the fixed form or unchanged', () => {
    expect(englishStem('skies')).toBe('sky');
    expect(englishStem('news')).toBe('news');
    expect(englishStem('by')).toBe('by');
  });
});
