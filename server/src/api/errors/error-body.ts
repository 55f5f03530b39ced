import type { FieldErrors } from '../../domain/shared/domain-error';
import { type UiLanguage, preferredLanguage } from '../i18n/language';
import { translate } from '../i18n/server-messages';
import type { ErrorBody } from './api-error';

/**
 * The one error body of docs/api.md for `code`, translated for the caller's Accept-Language. Used by the
 * exception filter and by the few places that answer before Nest runs (framework and client errors,
 * request hooks), so every /api error reads the same.
 */
export function errorBody(
  status: number,
  code: string,
  acceptLanguage: string | string[] | undefined,
  fieldErrors?: FieldErrors,
): { readonly language: UiLanguage; readonly body: ErrorBody } {
  const language = preferredLanguage(acceptLanguage);
  const body: ErrorBody = {
    statusCode: status,
    code,
    message: translate(language, code),
    ...(fieldErrors && {
      errors: Object.fromEntries(
        Object.entries(fieldErrors).map(([field, refs]) => [field, refs.map((r) => translate(language, r))]),
      ),
    }),
  };
  return { language, body };
}
