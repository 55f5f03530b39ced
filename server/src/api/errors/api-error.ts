import type { FieldErrors } from '../../domain/shared/domain-error';

/** An error the API raises itself (outside the domain), with a translatable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** The one error body every failing /api call answers with (docs/api.md). */
export interface ErrorBody {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}
