import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  priceOf,
  toDetails,
  validateDocumentForm,
  type DocumentFormValues,
} from './document-form';
import { MAX_FILE_BYTES, fileProblem, formatEuros, parseEuros } from './upload-rules';

describe('the file checks made before an upload is sent (SPEC §5)', () => {
  it.each([
    'leping.doc',
    'leping.docx',
    'leping.pdf',
    'leping.txt',
    'leping.rtf',
    'leping.odt',
    'raamat.mobi',
    'LEPING.PDF',
  ])('lets %s through', (name) => {
    expect(fileProblem({ name, size: 1000 })).toBeNull();
  });

  it.each(['pilt.jpg', 'leping.pdf.exe', 'leping', '.pdf', 'arhiiv.zip', 'leping.docm'])(
    'refuses the extension of %s',
    (name) => {
      expect(fileProblem({ name, size: 1000 })).toBe('FILE.EXTENSION_NOT_ALLOWED');
    },
  );

  it('allows exactly 40 MB and refuses one byte more, and an empty file', () => {
    expect(MAX_FILE_BYTES).toBe(41_943_040);
    expect(fileProblem({ name: 'suur.pdf', size: MAX_FILE_BYTES })).toBeNull();
    expect(fileProblem({ name: 'suur.pdf', size: MAX_FILE_BYTES + 1 })).toBe('FILE.TOO_LARGE');
    expect(fileProblem({ name: 'tühi.txt', size: 0 })).toBe('FILE.EMPTY');
  });
});

describe('prices typed in euros', () => {
  it.each([
    ['12,40', 1240],
    ['12.4', 1240],
    ['12', 1200],
    [' 1 000,5 ', 100_050],
    ['0,01', 1],
  ])('reads %p as %p cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'abc', '12,345', '-5', '12,4,0', '1e3'])('does not read %p', (text) => {
    expect(parseEuros(text)).toBeNull();
  });

  it('shows cents as the field does in each language', () => {
    expect(formatEuros(1240, 'et')).toBe('12,40');
    expect(formatEuros(1240, 'en')).toBe('12.40');
  });
});

describe('the document form', () => {
  const filled = (overrides: Partial<DocumentFormValues> = {}): DocumentFormValues => ({
    ...emptyForm(new Date('2026-03-14T10:00:00Z')),
    title: 'Üürileping',
    description: 'Korteri üürileping',
    language: 'et',
    fieldOfLaw: 'property',
    applicableLaw: 'EE',
    ...overrides,
  });

  it('asks for the required fields, and for the author only when the uploader is not the author', () => {
    expect(validateDocumentForm(emptyForm(new Date('2026-03-14T10:00:00Z')))).toEqual({
      title: { key: 'VALIDATION.REQUIRED' },
      description: { key: 'VALIDATION.REQUIRED' },
      language: { key: 'VALIDATION.REQUIRED' },
      fieldOfLaw: { key: 'VALIDATION.REQUIRED' },
      applicableLaw: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateDocumentForm(filled())).toEqual({});
    expect(validateDocumentForm(filled({ otherAuthor: true }))).toEqual({
      authorFirstName: { key: 'VALIDATION.REQUIRED' },
      authorLastName: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateDocumentForm(filled({ year: '20x5' }))).toEqual({
      year: { key: 'VALIDATION.NOT_NUMBER' },
    });
  });

  it('a free document has price 0; a paid one needs 0,01–1000 € and above it is told to contact the provider', () => {
    expect(priceOf(filled({ paid: false, price: '55' }))).toBe(0);
    expect(validateDocumentForm(filled({ paid: true, price: '' }))).toEqual({
      price: { key: 'VALIDATION.REQUIRED' },
    });
    expect(validateDocumentForm(filled({ paid: true, price: '0' }))).toEqual({
      price: { key: 'UPLOAD.PRICE_FOR_PAID' },
    });
    expect(validateDocumentForm(filled({ paid: true, price: '1000,01' }))).toEqual({
      price: { key: 'VALIDATION.PRICE_ABOVE_MAXIMUM', values: { 0: 1000 } },
    });
    expect(validateDocumentForm(filled({ paid: true, price: '-5' }))).toEqual({
      price: { key: 'VALIDATION.PRICE_BELOW_MINIMUM' },
    });
    expect(validateDocumentForm(filled({ paid: true, price: '-' }))).toEqual({
      price: { key: 'VALIDATION.NOT_NUMBER' },
    });
    expect(validateDocumentForm(filled({ paid: true, price: '1000' }))).toEqual({});
    expect(priceOf(filled({ paid: true, price: '1000' }))).toBe(100_000);
  });

  it('sends trimmed texts, tags split at commas, the year as a number and the price in cents', () => {
    expect(
      toDetails(
        filled({
          title: '  Üürileping ',
          otherAuthor: true,
          authorFirstName: ' Jüri ',
          authorLastName: 'Õun',
          tags: 'üür, korter,, ',
          year: '2024',
          paid: true,
          price: '14,90',
        }),
      ),
    ).toEqual({
      title: 'Üürileping',
      description: 'Korteri üürileping',
      author: { firstName: 'Jüri', lastName: 'Õun' },
      language: 'et',
      fieldOfLaw: 'property',
      applicableLaw: 'EE',
      tags: ['üür', 'korter'],
      year: 2024,
      price: 1490,
    });
  });
});
