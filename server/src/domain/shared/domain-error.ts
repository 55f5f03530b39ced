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

  requiredText(field: string, value: unknown, maxLength: number): void {
    if (typeof value !== 'string' || value.trim() === '') this.add(field, 'VALIDATION.REQUIRED');
    else if (value.length > maxLength) this.add(field, 'VALIDATION.MAX_LENGTH', { 0: maxLength });
  }

  optionalText(field: string, value: unknown, maxLength: number): void {
    if (value === undefined || value === null || value === '') return;
    if (typeof value !== 'string') this.add(field, 'VALIDATION.INVALID_VALUE');
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
