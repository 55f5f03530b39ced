import type { DocumentDetailsInput } from './api/types';
import { MAX_PRICE_CENTS, formatEuros, parseEuros } from './upload-rules';

/** The upload/edit form as typed: texts, and the price in euros behind the paid toggle. */
export interface DocumentFormValues {
  title: string;
  description: string;
  /** On when the uploader is not the author (SPEC §3: the author is optional). */
  otherAuthor: boolean;
  authorFirstName: string;
  authorLastName: string;
  language: string;
  fieldOfLaw: string;
  applicableLaw: string;
  /** Comma-separated. */
  tags: string;
  year: string;
  paid: boolean;
  price: string;
}

export type DocumentFormField = keyof DocumentFormValues;

export interface FormError {
  key: string;
  values?: Record<string, string | number>;
}

export function emptyForm(now: Date): DocumentFormValues {
  return {
    title: '',
    description: '',
    otherAuthor: false,
    authorFirstName: '',
    authorLastName: '',
    language: '',
    fieldOfLaw: '',
    applicableLaw: '',
    tags: '',
    year: String(now.getFullYear()),
    paid: false,
    price: '',
  };
}

export function formFromDetails(details: DocumentDetailsInput, language: 'et' | 'en'): DocumentFormValues {
  return {
    title: details.title,
    description: details.description,
    otherAuthor: details.author !== null,
    authorFirstName: details.author?.firstName ?? '',
    authorLastName: details.author?.lastName ?? '',
    language: details.language,
    fieldOfLaw: details.fieldOfLaw,
    applicableLaw: details.applicableLaw,
    tags: details.tags.join(', '),
    year: String(details.year),
    paid: details.price > 0,
    price: details.price > 0 ? formatEuros(details.price, language) : '',
  };
}

/** The price the form stands for: 0 when free, cents when paid and valid, null otherwise. */
export function priceOf(values: DocumentFormValues): number | null {
  if (!values.paid) return 0;
  const cents = parseEuros(values.price);
  return cents !== null && cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/**
 * The checks a person should hear about before sending (the server checks everything again):
 * required fields, a year, and a price of 0,01–1000 € when the document is paid.
 */
export function validateDocumentForm(
  values: DocumentFormValues,
): Partial<Record<DocumentFormField, FormError>> {
  const errors: Partial<Record<DocumentFormField, FormError>> = {};
  const required = ['title', 'description', 'language', 'fieldOfLaw', 'applicableLaw'] as const;
  for (const field of required)
    if (values[field].trim() === '') errors[field] = { key: 'VALIDATION.REQUIRED' };
  if (values.otherAuthor) {
    if (values.authorFirstName.trim() === '') errors.authorFirstName = { key: 'VALIDATION.REQUIRED' };
    if (values.authorLastName.trim() === '') errors.authorLastName = { key: 'VALIDATION.REQUIRED' };
  }
  if (values.year.trim() === '') errors.year = { key: 'VALIDATION.REQUIRED' };
  else if (!/^\d{4}$/.test(values.year.trim())) errors.year = { key: 'VALIDATION.NOT_NUMBER' };
  if (values.paid) {
    const cents = parseEuros(values.price);
    if (values.price.trim() === '') errors.price = { key: 'VALIDATION.REQUIRED' };
    // A price below zero is a number, just too small for a price (SPEC §5: the minimum allowed value).
    else if (cents === null && parseEuros(values.price.trim().replace(/^-/, '')) !== null)
      errors.price = { key: 'VALIDATION.PRICE_BELOW_MINIMUM' };
    else if (cents === null) errors.price = { key: 'VALIDATION.NOT_NUMBER' };
    else if (cents > MAX_PRICE_CENTS)
      errors.price = { key: 'VALIDATION.PRICE_ABOVE_MAXIMUM', values: { 0: 1000 } };
    else if (cents === 0) errors.price = { key: 'UPLOAD.PRICE_FOR_PAID' };
  }
  return errors;
}

export function toDetails(values: DocumentFormValues): DocumentDetailsInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    author: values.otherAuthor
      ? { firstName: values.authorFirstName.trim(), lastName: values.authorLastName.trim() }
      : null,
    language: values.language,
    fieldOfLaw: values.fieldOfLaw,
    applicableLaw: values.applicableLaw,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    year: Number(values.year.trim()),
    price: priceOf(values) ?? 0,
  };
}

/** Which form field a server field error (api.md `errors`) belongs to. */
export function formFieldOfServerField(name: string): DocumentFormField | null {
  if (name === 'author.firstName') return 'authorFirstName';
  if (name === 'author.lastName') return 'authorLastName';
  if (name === 'tags' || name.startsWith('tags.')) return 'tags';
  const known: readonly string[] = [
    'title',
    'description',
    'language',
    'fieldOfLaw',
    'applicableLaw',
    'year',
    'price',
  ];
  return known.includes(name) ? (name as DocumentFormField) : null;
}
