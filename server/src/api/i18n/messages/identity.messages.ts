import type { MessageCatalogs } from './message-catalogs';

/** Texts of the account settings kept at the identity provider: phone number, devices, resets. */
export const IDENTITY_MESSAGES: MessageCatalogs = {
  en: {
    'IDENTITY.MANAGED_BY_PROVIDER':
      'These settings are kept by the identity provider you sign in with. Change them there.',
    'PHONE.INVALID': 'Enter a valid phone number.',
    'PHONE.NOT_MOBILE': 'This number cannot receive text messages. Enter a mobile number.',
    'PHONE.COUNTRY_NOT_ALLOWED': 'Text messages cannot be sent to this country.',
    'PHONE.TOO_MANY_MESSAGES': 'Too many text messages were asked for. Try again later.',
    'PHONE.NOT_SENT': 'The text message could not be sent. Try again later.',
    'PHONE.CODE_INVALID': 'Invalid verification code provided, please try again.',
    'PHONE.CODE_EXPIRED': 'Invalid code provided, please request a code again.',
    'PHONE.CODE_ATTEMPTS_EXCEEDED': 'Attempt limit exceeded, please request a new code.',
    'PHONE.NOTHING_PENDING': 'No new phone number is waiting for a code.',
    'DEVICE.NOT_FOUND': 'This device is not remembered.',
  },
  et: {
    'IDENTITY.MANAGED_BY_PROVIDER':
      'Neid seadeid hoiab identiteedipakkuja, kelle kaudu sisse logid. Muuda neid seal.',
    'PHONE.INVALID': 'Sisesta kehtiv telefoninumber.',
    'PHONE.NOT_MOBILE': 'Sellele numbrile ei saa tekstisõnumeid saata. Sisesta mobiilinumber.',
    'PHONE.COUNTRY_NOT_ALLOWED': 'Sellesse riiki ei saa tekstisõnumeid saata.',
    'PHONE.TOO_MANY_MESSAGES': 'Tekstisõnumeid on küsitud liiga palju. Proovi hiljem uuesti.',
    'PHONE.NOT_SENT': 'Tekstisõnumit ei õnnestunud saata. Proovi hiljem uuesti.',
    'PHONE.CODE_INVALID': 'Vale kinnituskood, palun proovi uuesti.',
    'PHONE.CODE_EXPIRED': 'Kood ei kehti enam, palun küsi uus kood.',
    'PHONE.CODE_ATTEMPTS_EXCEEDED': 'Katsete limiit on ületatud, palun küsi uus kood.',
    'PHONE.NOTHING_PENDING': 'Ükski uus telefoninumber ei oota koodi.',
    'DEVICE.NOT_FOUND': 'Seda seadet ei ole meelde jäetud.',
  },
};
