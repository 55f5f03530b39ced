import type { MessageCatalogs } from './message-catalogs';

/** Texts of sales, payouts, the ledger and the accountant's audit. */
export const MONEY_MESSAGES: MessageCatalogs = {
  en: {
    'VALIDATION.INVALID_IBAN': 'Invalid IBAN',
    'VALIDATION.IBAN_NOT_SEPA': 'Invalid IBAN: the account must be in the SEPA area',
    'VALIDATION.IBAN_NOT_USERS_NAME': 'Invalid IBAN: the account must be in your name ({name})',
    'VALIDATION.INVALID_PERIOD': 'The start of the period must not be after its end',
    'PAYOUT.NOT_FOUND': 'Payout not found!',
    'PAYOUT.ALREADY_EXISTS': 'This payout already exists.',
    'PAYOUT.AMOUNT_ABOVE_AVAILABLE': 'The amount is larger than the amount available for payout.',
    'PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE':
      'The amount must be larger than the transfer fee of 30 euros that applies to payouts of 150 euros or less.',
    'PAYOUT.PROFILE_NAME_MISSING':
      'Please enter your first name and surname in My data before requesting a payout.',
    'PAYOUT.ALREADY_EXECUTED': 'This payout has already been paid.',
    'PAYOUT.ALREADY_REJECTED': 'This payout has been rejected.',
    'PAYOUT.NOT_REQUESTED':
      'Only requested payouts can be exported: one of the chosen payouts is already paid or rejected.',
    'PAYOUT.EXECUTION_BEFORE_REQUEST': 'The payout date cannot be before the request',
    'PAYOUT.EXECUTION_IN_FUTURE': 'The payout date cannot be in the future',
    'SALES.NOT_OWNER': 'You can only see your own sales and payouts.',
    'ERROR.ACCOUNTANT_ONLY': 'Only an accountant or an administrator can see this.',
    'PROJECTION.NOT_FOUND': 'No such report.',
    'PROJECTION.REBUILD_RUNNING': 'This report is being rebuilt already.',
  },
  et: {
    'VALIDATION.INVALID_IBAN': 'Vigane IBAN',
    'VALIDATION.IBAN_NOT_SEPA': 'Vigane IBAN: konto peab olema SEPA alas',
    'VALIDATION.IBAN_NOT_USERS_NAME': 'Vigane IBAN: konto peab olema sinu nimel ({name})',
    'VALIDATION.INVALID_PERIOD': 'Perioodi algus ei tohi olla pärast selle lõppu',
    'PAYOUT.NOT_FOUND': 'Väljamakset ei leitud!',
    'PAYOUT.ALREADY_EXISTS': 'See väljamakse on juba olemas.',
    'PAYOUT.AMOUNT_ABOVE_AVAILABLE': 'Summa on suurem kui väljamakseks saadaolev summa.',
    'PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE':
      'Summa peab olema suurem kui 30-eurone ülekandetasu, mis kehtib kuni 150-eurostele väljamaksetele.',
    'PAYOUT.PROFILE_NAME_MISSING':
      'Enne väljamakse taotlemist sisesta oma eesnimi ja perekonnanimi lehel Minu andmed.',
    'PAYOUT.ALREADY_EXECUTED': 'See väljamakse on juba tehtud.',
    'PAYOUT.ALREADY_REJECTED': 'See väljamakse on tagasi lükatud.',
    'PAYOUT.NOT_REQUESTED':
      'Eksportida saab ainult taotletud väljamakseid: üks valitud väljamaksetest on juba tehtud või tagasi lükatud.',
    'PAYOUT.EXECUTION_BEFORE_REQUEST': 'Väljamakse kuupäev ei saa olla enne taotlust',
    'PAYOUT.EXECUTION_IN_FUTURE': 'Väljamakse kuupäev ei saa olla tulevikus',
    'SALES.NOT_OWNER': 'Näete ainult oma müüki ja väljamakseid.',
    'ERROR.ACCOUNTANT_ONLY': 'Seda saavad näha ainult raamatupidaja ja administraator.',
    'PROJECTION.NOT_FOUND': 'Sellist aruannet ei ole.',
    'PROJECTION.REBUILD_RUNNING': 'Seda aruannet juba taastatakse.',
  },
};
