import { foldForSearch, searchTerms } from './search-text';

describe('foldForSearch', () => {
  it("folds 'Tööleping' to 'tooleping', so a query typed without diacritics finds it", () => {
    expect(foldForSearch('Tööleping')).toBe('tooleping');
  });

  it.each([
    ['Šokolaad', 'sokolaad'],
    ['Žürii', 'zurii'],
    ['Õigusabi', 'oigusabi'],
    ['ÄRIÜHING', 'ariuhing'],
    ['Üürileping', 'uurileping'],
    ['šžõäöü ŠŽÕÄÖÜ', 'szoaou szoaou'],
    ['Kūdra Ļaudis Ąžuolas', 'kudra laudis azuolas'],
  ])('%p → %p', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('folds composed and decomposed forms alike', () => {
    expect(foldForSearch('To\u0308o\u0308leping')).toBe('tooleping');
  });

  it('collapses every run of whitespace to one space and trims the ends', () => {
    expect(foldForSearch('  Tööleping \t ja\n\nüürileping\u00a0 ')).toBe('tooleping ja uurileping');
  });

  it('leaves an empty or blank text empty', () => {
    expect(foldForSearch('')).toBe('');
    expect(foldForSearch(' \t\n')).toBe('');
  });

  it('keeps digits and punctuation', () => {
    expect(foldForSearch('Leping nr 12/2025!')).toBe('leping nr 12/2025!');
  });
});

describe('searchTerms', () => {
  it("splits the folded query into words: '  Tööleping   KAUGTÖÖ ' → ['tooleping', 'kaugtoo']", () => {
    expect(searchTerms('  Tööleping   KAUGTÖÖ ')).toEqual(['tooleping', 'kaugtoo']);
  });

  it('has no terms for an empty or blank query', () => {
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('keeps a repeated word as it is typed', () => {
    expect(searchTerms('leping leping')).toEqual(['leping', 'leping']);
  });
});
