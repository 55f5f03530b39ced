import { encodeCursor } from '../../queries/search/search-cursor';
import { ApiError } from '../errors/api-error';
import { parseSearchParameters } from './search-parameters';

function refusal(query: Record<string, unknown>): unknown {
  try {
    parseSearchParameters(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, code, fieldErrors } = error as ApiError;
    return { status, code, fieldErrors };
  }
  throw new Error('the parameters were accepted');
}

describe('search parameters', () => {
  it('given no parameters, when parsed, then the first page of 20 in the default sort is asked for', () => {
    expect(parseSearchParameters({})).toEqual({ limit: 20 });
  });

  it('given every filter, when parsed, then each arrives typed, the year and the page size as numbers', () => {
    const uploaderId = '0b7c4a5e-3f1d-4c2b-9a8e-1d2c3b4a5f60';
    expect(
      parseSearchParameters({
        q: 'üürileping',
        title: 'leping',
        author: 'Tamm',
        year: '2024',
        fieldOfLaw: 'employment',
        language: 'et',
        applicableLaw: 'EE',
        format: 'docx',
        uploaderId,
        sort: 'price-asc',
        limit: '50',
      }),
    ).toMatchObject({
      q: 'üürileping',
      title: 'leping',
      author: 'Tamm',
      year: 2024,
      fieldOfLaw: 'employment',
      language: 'et',
      applicableLaw: 'EE',
      format: 'docx',
      uploaderId,
      sort: 'price-asc',
      limit: 50,
    });
  });

  it('given blank text, when parsed, then there is no text to search for', () => {
    expect(parseSearchParameters({ q: '   ', title: '', author: '' })).toEqual({ limit: 20 });
  });

  it('given a cursor of an earlier page, when parsed, then the search continues after it', () => {
    const cursor = encodeCursor({
      sort: 'newest',
      values: { createdAt: '2026-01-01T00:00:00.000Z', _id: 'a' },
    });
    expect(parseSearchParameters({ cursor }).after).toEqual({
      sort: 'newest',
      values: { createdAt: '2026-01-01T00:00:00.000Z', _id: 'a' },
    });
  });

  it.each([
    [{ year: 'abc' }, 'year', { key: 'VALIDATION.NOT_NUMBER' }],
    [{ year: '2024.5' }, 'year', { key: 'VALIDATION.NOT_NUMBER' }],
    [{ year: '' }, 'year', { key: 'VALIDATION.MIN_VALUE', params: { 0: 1900 } }],
    [{ year: '2101' }, 'year', { key: 'VALIDATION.MAX_VALUE', params: { 0: 2100 } }],
    [{ limit: '0' }, 'limit', { key: 'VALIDATION.MIN_VALUE', params: { 0: 1 } }],
    [{ limit: '51' }, 'limit', { key: 'VALIDATION.MAX_VALUE', params: { 0: 50 } }],
    [{ q: ['a', 'b'] }, 'q', { key: 'VALIDATION.INVALID_VALUE' }],
    [{ title: 'a'.repeat(201) }, 'title', { key: 'VALIDATION.MAX_LENGTH', params: { 0: 200 } }],
    [{ language: '' }, 'language', { key: 'VALIDATION.INVALID_CHOICE' }],
    [{ format: ['pdf', 'docx'] }, 'format', { key: 'VALIDATION.INVALID_CHOICE' }],
    [{ sort: 'random' }, 'sort', { key: 'VALIDATION.INVALID_CHOICE' }],
    [{ uploaderId: '42' }, 'uploaderId', { key: 'VALIDATION.INVALID_ID' }],
    [{ cursor: 'a/b' }, 'cursor', { key: 'SEARCH.INVALID_CURSOR' }],
    [{ cursor: 'abc' }, 'cursor', { key: 'SEARCH.INVALID_CURSOR' }],
    [{ 'q[$regex]': '.*' }, 'q[$regex]', { key: 'SEARCH.UNKNOWN_PARAMETER' }],
    [{ constructor: 'x' }, 'constructor', { key: 'SEARCH.UNKNOWN_PARAMETER' }],
  ])('given %p, when parsed, then 400 names %s', (query, field, message) => {
    expect(refusal(query)).toEqual({
      status: 400,
      code: 'VALIDATION.FORM_HAS_ERRORS',
      fieldErrors: { [field]: [message] },
    });
  });

  it('given several faults, when parsed, then one answer names every field at fault', () => {
    expect(refusal({ year: 'x', offset: '20', sort: 'random', q: 'leping' })).toEqual({
      status: 400,
      code: 'VALIDATION.FORM_HAS_ERRORS',
      fieldErrors: {
        year: [{ key: 'VALIDATION.NOT_NUMBER' }],
        offset: [{ key: 'SEARCH.UNKNOWN_PARAMETER' }],
        sort: [{ key: 'VALIDATION.INVALID_CHOICE' }],
      },
    });
  });
});
