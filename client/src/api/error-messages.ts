import { i18n } from '../i18n';
import { ApiError, CLIENT_ERROR_CODES } from './http';

export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 7500;
export const PRODUCT_ERROR_TOAST_DURATION_MS = 60000;

export interface ErrorDescription {
  texts: string[];
  durationMs: number;
}

/**
 * What to tell the user about a failed call (SPEC §8): a translated product error code (shown 60 s),
 * else the server's own texts (one toast each), else 'Something went wrong!'.
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ApiError) {
    if (error.code && i18n.exists(error.code)) {
      const clientSide = (Object.values(CLIENT_ERROR_CODES) as string[]).includes(error.code);
      return {
        texts: [i18n.t(error.code)],
        durationMs: clientSide ? ERROR_TOAST_DURATION_MS : PRODUCT_ERROR_TOAST_DURATION_MS,
      };
    }
    if (error.messages.length) return { texts: error.messages, durationMs: ERROR_TOAST_DURATION_MS };
    if (error.code) return { texts: [i18n.t('ERROR.UNKNOWN')], durationMs: ERROR_TOAST_DURATION_MS };
  }
  return { texts: [i18n.t(CLIENT_ERROR_CODES.somethingWentWrong)], durationMs: ERROR_TOAST_DURATION_MS };
}
