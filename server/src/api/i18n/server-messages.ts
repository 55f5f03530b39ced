import type { MessageRef } from '../../domain/shared/domain-error';
import type { UiLanguage } from './language';

type Catalog = Readonly<Record<string, string>>;

/** Server-side texts for every error code and field message; the client holds the same keys. */
const MESSAGES: Readonly<Record<UiLanguage, Catalog>> = {
  en: {
    'VALIDATION.FORM_HAS_ERRORS': 'Form has errors!',
    'VALIDATION.REQUIRED': 'Field is required',
    'VALIDATION.MIN_LENGTH': 'Must have at least {0} characters',
    'VALIDATION.MAX_LENGTH': 'Maximum {0} characters allowed',
    'VALIDATION.INVALID_EMAIL': 'Invalid e-mail',
    'VALIDATION.NOT_NUMBER': 'Not number',
    'VALIDATION.MIN_VALUE': 'The minimum allowed value is {0}',
    'VALIDATION.MAX_VALUE': 'The maximum allowed value is {0}',
    'VALIDATION.INVALID_CHOICE': 'This value is not one of the allowed choices',
    'VALIDATION.INVALID_VALUE': 'Invalid value',
    'VALIDATION.INVALID_ID': 'Invalid identifier',
    'VALIDATION.MAX_ITEMS': 'At most {0} items allowed',
    'VALIDATION.PRICE_ABOVE_MAXIMUM':
      'The maximum document fee is {0} euros. For a higher fee, please contact the service provider.',
    'VALIDATION.INVALID_IDEMPOTENCY_KEY':
      'The Idempotency-Key header must be at most 100 letters, digits or dashes',
    'DOCUMENT.NOT_FOUND': 'Document not found!',
    'DOCUMENT.NOT_OWNER': 'Only the uploader can change this document.',
    'DOCUMENT.ALREADY_EXISTS': 'This document already exists.',
    'DOCUMENT.PUBLISH_NEEDS_MAIN_FILE':
      'To publish the document, at least one file must be uploaded, processed, and marked as the main one (with a blue background)!',
    'FILE.NOT_FOUND': 'File not found!',
    'FILE.ALREADY_EXISTS': 'This file already exists.',
    'FILE.EXTENSION_NOT_ALLOWED':
      'Only files with the following extensions are allowed: .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi',
    'FILE.TOO_LARGE': 'The file is larger than 40 MB.',
    'FILE.EMPTY': 'The file is empty.',
    'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET': 'This document is already in the basket!',
    'SHOPPING_CART.DOCUMENT_NOT_IN_BASKET': 'This document is not in the basket.',
    'SHOPPING_CART.BASKET_EMPTY': 'The basket is empty!',
    'PROFILE.ALREADY_EXISTS': 'This profile already exists.',
    'VALIDATION.INVALID_DATE': 'Invalid date',
    'VALIDATION.DATE_NOT_IN_PAST': 'The date must be in the past',
    'AUTH.UNAUTHORIZED': 'Please sign in again: your session is missing, invalid or has expired.',
    'ERROR.USER_TERMS_NOT_ACCEPTED': 'User terms not accepted!',
    'ERROR.ADMIN_ONLY': 'Only an administrator can do this.',
    'USER.NOT_FOUND': 'User not found!',
    'USER.CANNOT_REVOKE_SELF': 'You cannot take away your own administrator role.',
    'BLOB.LINK_INVALID': 'The download link is invalid or has expired.',
    'BLOB.NOT_FOUND': 'The file is no longer available.',
    'ERROR.NOT_FOUND': 'Not found!',
    'ERROR.PAGE_NOT_FOUND': 'Page not found!',
    'ERROR.BAD_REQUEST': 'The request could not be read. Please check what was sent.',
    'ERROR.PAYLOAD_TOO_LARGE': 'The request is too large.',
    'ERROR.UNSUPPORTED_MEDIA_TYPE': 'Please send the request as JSON.',
    'ERROR.CONCURRENT_CHANGE': 'Somebody changed this at the same moment. Please try again.',
    'ERROR.IDEMPOTENCY_KEY_REUSED': 'This Idempotency-Key was already used for a different request.',
    'ERROR.UNKNOWN': 'Something went wrong! Try again or report the problem to customer support!',
  },
  et: {
    'VALIDATION.FORM_HAS_ERRORS': 'Vormil on vigu!',
    'VALIDATION.REQUIRED': 'Väli on kohustuslik',
    'VALIDATION.MIN_LENGTH': 'Peab olema vähemalt {0} tähemärki',
    'VALIDATION.MAX_LENGTH': 'Lubatud on kuni {0} tähemärki',
    'VALIDATION.INVALID_EMAIL': 'Vigane e-posti aadress',
    'VALIDATION.NOT_NUMBER': 'Ei ole number',
    'VALIDATION.MIN_VALUE': 'Väikseim lubatud väärtus on {0}',
    'VALIDATION.MAX_VALUE': 'Suurim lubatud väärtus on {0}',
    'VALIDATION.INVALID_CHOICE': 'See väärtus ei ole lubatud valikute hulgas',
    'VALIDATION.INVALID_VALUE': 'Vigane väärtus',
    'VALIDATION.INVALID_ID': 'Vigane identifikaator',
    'VALIDATION.MAX_ITEMS': 'Lubatud on kuni {0} elementi',
    'VALIDATION.PRICE_ABOVE_MAXIMUM':
      'Dokumendi suurim tasu on {0} eurot. Suurema tasu soovi korral võtke ühendust teenusepakkujaga.',
    'VALIDATION.INVALID_IDEMPOTENCY_KEY':
      'Päis Idempotency-Key tohib sisaldada kuni 100 tähte, numbrit või sidekriipsu',
    'DOCUMENT.NOT_FOUND': 'Dokumenti ei leitud!',
    'DOCUMENT.NOT_OWNER': 'Dokumenti saab muuta ainult selle üleslaadija.',
    'DOCUMENT.ALREADY_EXISTS': 'See dokument on juba olemas.',
    'DOCUMENT.PUBLISH_NEEDS_MAIN_FILE':
      'Dokumendi avaldamiseks peab olema üles laaditud, töödeldud ja põhifailiks märgitud (sinise taustaga) vähemalt üks fail!',
    'FILE.NOT_FOUND': 'Faili ei leitud!',
    'FILE.ALREADY_EXISTS': 'See fail on juba olemas.',
    'FILE.EXTENSION_NOT_ALLOWED':
      'Lubatud on ainult järgmiste laienditega failid: .doc, .docx, .pdf, .txt, .rtf, .odt ja .mobi',
    'FILE.TOO_LARGE': 'Fail on suurem kui 40 MB.',
    'FILE.EMPTY': 'Fail on tühi.',
    'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET': 'See dokument on juba ostukorvis!',
    'SHOPPING_CART.DOCUMENT_NOT_IN_BASKET': 'Seda dokumenti ei ole ostukorvis.',
    'SHOPPING_CART.BASKET_EMPTY': 'Ostukorv on tühi!',
    'PROFILE.ALREADY_EXISTS': 'See profiil on juba olemas.',
    'VALIDATION.INVALID_DATE': 'Vigane kuupäev',
    'VALIDATION.DATE_NOT_IN_PAST': 'Kuupäev peab olema minevikus',
    'AUTH.UNAUTHORIZED': 'Palun logige uuesti sisse: seanss puudub, on vigane või aegunud.',
    'ERROR.USER_TERMS_NOT_ACCEPTED': 'Kasutustingimused on nõustumata!',
    'ERROR.ADMIN_ONLY': 'Seda saab teha ainult administraator.',
    'USER.NOT_FOUND': 'Kasutajat ei leitud!',
    'USER.CANNOT_REVOKE_SELF': 'Oma administraatori rolli ei saa ise ära võtta.',
    'BLOB.LINK_INVALID': 'Allalaadimislink on vigane või aegunud.',
    'BLOB.NOT_FOUND': 'Fail ei ole enam saadaval.',
    'ERROR.NOT_FOUND': 'Ei leitud!',
    'ERROR.PAGE_NOT_FOUND': 'Lehekülge ei leitud!',
    'ERROR.BAD_REQUEST': 'Päringut ei õnnestunud lugeda. Palun kontrollige saadetud andmeid.',
    'ERROR.PAYLOAD_TOO_LARGE': 'Päring on liiga suur.',
    'ERROR.UNSUPPORTED_MEDIA_TYPE': 'Palun saatke päring JSON-vormingus.',
    'ERROR.CONCURRENT_CHANGE': 'Keegi muutis sama asja samal hetkel. Palun proovige uuesti.',
    'ERROR.IDEMPOTENCY_KEY_REUSED': 'Seda Idempotency-Key väärtust on juba kasutatud teise päringu jaoks.',
    'ERROR.UNKNOWN': 'Midagi läks valesti! Proovige uuesti või teatage probleemist klienditoele!',
  },
};

/** Every key that has a text; a test checks both languages hold the same keys. */
export const messageKeys = (language: UiLanguage): string[] => Object.keys(MESSAGES[language]);

/** The text for a key in the language, with {0}-style parameters filled in; the key itself when unknown. */
export function translate(language: UiLanguage, ref: MessageRef | string): string {
  const { key, params } = typeof ref === 'string' ? { key: ref, params: undefined } : ref;
  const template = MESSAGES[language][key] ?? MESSAGES.et[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    params && name in params ? String(params[name]) : match,
  );
}
