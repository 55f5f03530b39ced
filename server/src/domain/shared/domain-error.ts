import { type TextShape, hasForbiddenCharacters, isBlankText } from './text';

/** A message key with its parameters, translated at the edge (server messages, client i18n). */
export interface MessageRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Field name → what is wrong with it. */
export type FieldErrors = Readonly<Record<string, readonly MessageRef[]>>;

/**
 * A rule of the domain said no. `code` is a stable key the client translates
 * (e.g. SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET); the API maps codes to HTTP statuses in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** Collects field errors and throws one VALIDATION.FORM_HAS_ERRORS when any were found. */
export class FieldValidator {
  private readonly errors: Record<string, MessageRef[]> = {};

  add(field: string, key: string, params?: Record<string, string | number>): void {
    (this.errors[field] ??= []).push(params ? { key, params } : { key });
  }

  /**
   * A text that must show something: white space or invisible characters alone count as empty, and
   * control characters, bidirectional overrides and lone surrogates are refused (domain/shared/text.ts).
   */
  requiredText(field: string, value: unknown, maxLength: number, shape: TextShape = 'line'): void {
    if (typeof value !== 'string' || isBlankText(value)) this.add(field, 'VALIDATION.REQUIRED');
    else this.textContent(field, value, maxLength, shape);
  }

  /** A text that may be empty; when given, the same characters are refused as for requiredText. */
  optionalText(field: string, value: unknown, maxLength: number, shape: TextShape = 'line'): void {
    if (value === undefined || value === null || value === '') return;
    if (typeof value !== 'string') this.add(field, 'VALIDATION.INVALID_VALUE');
    else this.textContent(field, value, maxLength, shape);
  }

  private textContent(field: string, value: string, maxLength: number, shape: TextShape): void {
    if (hasForbiddenCharacters(value, shape)) this.add(field, 'VALIDATION.INVALID_CHARACTERS');
    else if (value.length > maxLength) this.add(field, 'VALIDATION.MAX_LENGTH', { 0: maxLength });
  }

  integerInRange(field: string, value: unknown, min: number, max: number): void {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.add(field, 'VALIDATION.NOT_NUMBER');
    else if (value < min) this.add(field, 'VALIDATION.MIN_VALUE', { 0: min });
    else if (value > max) this.add(field, 'VALIDATION.MAX_VALUE', { 0: max });
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new DomainError('VALIDATION.FORM_HAS_ERRORS', this.errors);
  }
}
