import { describe, expect, it } from 'vitest';
import { OPTIONS } from '../../../test/fake-api';
import { EMPTY_FILTERS, filtersFromUrl, unusedParameters } from './search-documents';

const UPLOADER = '0195f0c2-0000-7000-8000-0000000000bb';
const params = (query: string) => new URLSearchParams(query);

describe('the filters of a search address', () => {
  it('keeps what the search can use', () => {
    const query = params(`q=leping&year=2023&language=en&format=pdf&uploaderId=${UPLOADER}&sort=oldest`);
    expect(filtersFromUrl(query, {}, OPTIONS)).toEqual({
      ...EMPTY_FILTERS,
      q: 'leping',
      year: '2023',
      language: 'en',
      format: 'pdf',
      uploaderId: UPLOADER,
      sort: 'oldest',
    });
    expect(unusedParameters(query, filtersFromUrl(query, {}, OPTIONS))).toEqual([]);
  });

  it('leaves out what the search API would refuse, and names it', () => {
    const query = params(
      `sort=bogus&year=abc&language=xx&uploaderId=garbage&title=${'a'.repeat(201)}&colour=red&format=pdf&format=doc`,
    );
    const filters = filtersFromUrl(query, {}, OPTIONS);
    expect(filters).toEqual({ ...EMPTY_FILTERS, format: 'pdf' });
    expect(unusedParameters(query, filters).sort()).toEqual(
      ['colour', 'format', 'language', 'sort', 'title', 'uploaderId', 'year'].sort(),
    );
  });

  it('takes years the catalogue can hold only', () => {
    for (const year of ['1899', '2101', '20.5', '-2020', '02020']) {
      expect(filtersFromUrl(params(`year=${year}`)).year).toBe('');
    }
    expect(filtersFromUrl(params('year=1900')).year).toBe('1900');
  });

  it('keeps codes until the catalogue’s codes are known', () => {
    expect(filtersFromUrl(params('language=xx')).language).toBe('xx');
    expect(filtersFromUrl(params('language=xx'), {}, OPTIONS).language).toBe('');
  });

  it('lets the path’s word and uploader override the query string', () => {
    const query = params('q=other&uploaderId=garbage');
    const filters = filtersFromUrl(query, { keyWord: 'leping', uploaderId: UPLOADER }, OPTIONS);
    expect(filters).toMatchObject({ q: 'leping', uploaderId: UPLOADER });
    expect(unusedParameters(query, filters).sort()).toEqual(['q', 'uploaderId']);
  });
});
