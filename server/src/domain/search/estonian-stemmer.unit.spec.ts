import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { estonianStem } from './estonian-stemmer';
import { ESTONIAN_SAMPLE } from './estonian-stemmer.sample';

describe('Snowball Estonian stemmer', () => {
  it("gives the Snowball project's own stem for every word of its Estonian test vocabulary", () => {
    const wrong = ESTONIAN_SAMPLE.filter(([word, stem]) => estonianStem(word) !== stem).map(
      ([word, stem]) => `${word}: expected ${stem}, got ${estonianStem(word)}`,
    );
    expect(wrong).toEqual([]);
    expect(ESTONIAN_SAMPLE.length).toBeGreaterThan(600);
  });

  it.each([
    ['raamat', 'raama'],
    ['raamatut', 'raama'],
    ['raamatule', 'raama'],
    ['raamatud', 'raama'],
    ['raamatute', 'raama'],
    ['raamatuid', 'raama'],
  ])('given the case and plural form %p, when stemmed, then it meets the others at %p', (word, stem) => {
    expect(estonianStem(word)).toBe(stem);
  });

  it('given a legal word in its cases, when stemmed, then the forms share a stem or the nominative is its prefix', () => {
    const stems = ['leping', 'lepingu', 'lepingut', 'lepingusse', 'lepingud', 'lepingute', 'lepinguid'].map(
      estonianStem,
    );
    expect(stems[0]).toBe('leping');
    for (const stem of stems.slice(1)) expect(stem).toBe('lepingu');
  });

  it('given an irregular verb form, when stemmed, then it becomes the stem the exception table names', () => {
    expect(estonianStem('sõin')).toBe('söö');
    expect(estonianStem('teeb')).toBe('tegi');
  });

  it('given õ ä ö ü in a word, when stemmed, then they are kept (the rules depend on them)', () => {
    expect(estonianStem('töölepingute')).toBe('töölepingu');
    expect(estonianStem('üürilepingut')).toBe('üürilepingu');
  });
});

describe("Snowball Estonian stemmer on the Snowball project's whole Estonian vocabulary", () => {
  it('gives the stem of snowballstem/snowball-data estonian/output.txt for every word of estonian/voc.txt', () => {
    // 57,470 words (the Estonian Wikipedia's most common, plus the hand-made list above), licensed
    // CC BY-SA 3.0 like that data; kept gzipped beside this test as word<TAB>stem lines.
    const pairs = gunzipSync(readFileSync(join(__dirname, 'estonian-snowball-vocabulary.tsv.gz')))
      .toString('utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => line.split('\t') as [string, string]);
    const wrong = pairs
      .filter(([word, stem]) => estonianStem(word) !== stem)
      .map(([word, stem]) => `${word}: expected ${stem}, got ${estonianStem(word)}`);
    expect(pairs.length).toBeGreaterThan(57_000);
    expect(wrong.slice(0, 20)).toEqual([]);
  });
});
