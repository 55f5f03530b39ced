import { documentSlug } from './slug';

const ID = '0195a3c2-7d41-7e2f-9b10-4c3d2e1f0a9b';

describe('documentSlug', () => {
  it('is the folded title in kebab case plus the last 12 characters of the id without dashes', () => {
    expect(documentSlug('Tööleping kaugtöötajaga', ID)).toBe('tooleping-kaugtootajaga-4c3d2e1f0a9b');
  });

  it('folds Estonian letters', () => {
    expect(documentSlug('Šokolaaditehase ŽÜRII õigusabi ÄRI', ID)).toBe(
      'sokolaaditehase-zurii-oigusabi-ari-4c3d2e1f0a9b',
    );
  });

  it('collapses punctuation and spaces into single dashes, none at the ends', () => {
    expect(documentSlug('  «Üürileping» — nr. 12/2025!!  ', ID)).toBe('uurileping-nr-12-2025-4c3d2e1f0a9b');
  });

  it('is only the id tail when the title has no letters or digits', () => {
    expect(documentSlug('', ID)).toBe('4c3d2e1f0a9b');
    expect(documentSlug('!!! — ???', ID)).toBe('4c3d2e1f0a9b');
  });

  it('makes two documents with the same title distinct by their ids', () => {
    const other = '0195a3c2-7d41-7e2f-9b10-aaaabbbbcccc';
    expect(documentSlug('Tööleping', ID)).not.toBe(documentSlug('Tööleping', other));
    expect(documentSlug('Tööleping', other)).toBe('tooleping-aaaabbbbcccc');
  });

  it('lower-cases the id tail and takes a short id whole', () => {
    expect(documentSlug('Leping', 'ABC-DEF')).toBe('leping-abcdef');
  });

  it('keeps at most 80 characters of the title, without a dash before the id', () => {
    const slug = documentSlug(`${'a'.repeat(79)} bbbb`, ID);
    expect(slug).toBe(`${'a'.repeat(79)}-4c3d2e1f0a9b`);
    expect(documentSlug('c'.repeat(200), ID)).toBe(`${'c'.repeat(80)}-4c3d2e1f0a9b`);
  });

  it('gives URL-safe characters only', () => {
    expect(documentSlug('Ärisaladuse hoidmise kokkulepe (NDA) & lisa #2', ID)).toMatch(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
    );
  });
});
