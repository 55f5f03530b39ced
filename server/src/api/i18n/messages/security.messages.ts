import type { MessageCatalogs } from './message-catalogs';

/** Texts of the HTTP edge and its limits: request shape, rates, text characters, idempotency, links. */
export const SECURITY_MESSAGES: MessageCatalogs = {
  en: {
    'VALIDATION.INVALID_CHARACTERS':
      'Contains characters that cannot be used (control or text-direction characters)',
    'ERROR.JSON_TOO_DEEP': 'The request is nested too deeply.',
    'ERROR.JSON_TOO_LARGE': 'The request has too many fields or list items.',
    'ERROR.URI_TOO_LONG': 'The address is too long.',
    'ERROR.HEADERS_TOO_LARGE': 'The request headers are too large.',
    'ERROR.REQUEST_TIMEOUT': 'The request took too long to arrive.',
    'ERROR.TOO_MANY_REQUESTS': 'Too many requests. Please wait a moment and try again.',
    'ERROR.TOO_MANY_WRITES':
      'You have made too many changes in a short time. Please wait a minute and try again.',
    'BLOB.INVALID_KEY': 'The download link does not point at a file.',
  },
  et: {
    'VALIDATION.INVALID_CHARACTERS':
      'Sisaldab märke, mida ei saa kasutada (juhtmärgid või teksti suuna märgid)',
    'ERROR.JSON_TOO_DEEP': 'Päring on liiga sügavalt pesastatud.',
    'ERROR.JSON_TOO_LARGE': 'Päringus on liiga palju välju või loendi elemente.',
    'ERROR.URI_TOO_LONG': 'Aadress on liiga pikk.',
    'ERROR.HEADERS_TOO_LARGE': 'Päringu päised on liiga suured.',
    'ERROR.REQUEST_TIMEOUT': 'Päringu saabumine võttis liiga kaua aega.',
    'ERROR.TOO_MANY_REQUESTS': 'Liiga palju päringuid. Oota hetk ja proovi uuesti.',
    'ERROR.TOO_MANY_WRITES':
      'Oled lühikese aja jooksul teinud liiga palju muudatusi. Oota minut ja proovi uuesti.',
    'BLOB.INVALID_KEY': 'Allalaadimislink ei viita failile.',
  },
};
