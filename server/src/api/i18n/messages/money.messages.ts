import type { MessageCatalogs } from './message-catalogs';

/** Texts of sales, payouts, the ledger and the accountant's audit. */
export const MONEY_MESSAGES: MessageCatalogs = {
  en: {
    'VALIDATION.INVALID_IBAN': 'Invalid IBAN',
    'VALIDATION.IBAN_NOT_SEPA': 'Invalid IBAN: the account must be in the SEPA area',
    'VALIDATION.IBAN_NOT_SEPA_YET':
      'Invalid IBAN: SEPA transfers reach accounts in {country} from {date}; choose another account until then',
    'VALIDATION.NAME_NOT_IN_LATIN_LETTERS':
      'Write the name in Latin letters, as your bank writes it: a bank transfer cannot carry these characters',
    'PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED': 'Confirm that the account is in your name',
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
    'PAYOUT.IN_EXPORTED_BATCH':
      'A chosen payout is already in the payout file {messageId}, which is not executed yet: it cannot go into another file.',
    'PAYOUT.IN_EXPORTED_BATCH_CONFIRM':
      'This payout is in the payout file {messageId}, which may already be at the bank. Reject it only if the bank did not pay it, and confirm that.',
    'PAYOUT_BATCH.NOT_FOUND': 'Payout file not found!',
    'PAYOUT_BATCH.ALREADY_EXECUTED': 'This payout file is already marked executed.',
    'PAYOUT_BATCH.NOTHING_TO_EXECUTE':
      'Every payout of this file has been rejected: there is nothing to mark executed.',
    'PAYOUT_BATCH.NAME_NOT_IN_LATIN_LETTERS':
      'An account holder’s name cannot be written in the SEPA character set; reject that payout.',
    'PAYOUT_BATCH.EXECUTION_DATE_IN_PAST': 'The execution date cannot be in the past (today is {today})',
    'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY':
      'Banks do not execute SEPA transfers on that day (TARGET2 is closed: {reason}); the next business day is {next}',
    'PAYOUT_BATCH.EXECUTION_BEFORE_EXPORT': 'The execution date cannot be before the file was exported',
    'TARGET2.SATURDAY': 'Saturday',
    'TARGET2.SUNDAY': 'Sunday',
    'TARGET2.NEW_YEARS_DAY': 'New Year’s Day',
    'TARGET2.GOOD_FRIDAY': 'Good Friday',
    'TARGET2.EASTER_MONDAY': 'Easter Monday',
    'TARGET2.LABOUR_DAY': 'Labour Day',
    'TARGET2.CHRISTMAS_DAY': 'Christmas Day',
    'TARGET2.DECEMBER_26': '26 December',
    'SALES.NOT_OWNER': 'You can only see your own sales and payouts.',
    'ERROR.ACCOUNTANT_ONLY': 'Only an accountant or an administrator can see this.',
    'PROJECTION.NOT_FOUND': 'No such report.',
    'PROJECTION.REBUILD_RUNNING': 'This report is being rebuilt already.',
  },
  et: {
    'VALIDATION.INVALID_IBAN': 'Vigane IBAN',
    'VALIDATION.IBAN_NOT_SEPA': 'Vigane IBAN: konto peab olema SEPA alas',
    'VALIDATION.IBAN_NOT_SEPA_YET':
      'Vigane IBAN: SEPA ülekanded jõuavad riigi {country} kontodele alates {date}; seni valige teine konto',
    'VALIDATION.NAME_NOT_IN_LATIN_LETTERS':
      'Kirjutage nimi ladina tähtedega, nagu teie pank selle kirjutab: pangaülekanne neid märke edasi ei kanna',
    'PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED': 'Kinnitage, et konto on teie nimel',
    'VALIDATION.INVALID_PERIOD': 'Perioodi algus ei tohi olla pärast selle lõppu',
    'PAYOUT.NOT_FOUND': 'Väljamakset ei leitud!',
    'PAYOUT.ALREADY_EXISTS': 'See väljamakse on juba olemas.',
    'PAYOUT.AMOUNT_ABOVE_AVAILABLE': 'Summa on suurem kui väljamakseks saadaolev summa.',
    'PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE':
      'Summa peab olema suurem kui 30-eurone ülekandetasu, mis kehtib kuni 150-eurostele väljamaksetele.',
    'PAYOUT.PROFILE_NAME_MISSING':
      'Enne väljamakse taotlemist sisestage oma eesnimi ja perekonnanimi lehel Minu andmed.',
    'PAYOUT.ALREADY_EXECUTED': 'See väljamakse on juba tehtud.',
    'PAYOUT.ALREADY_REJECTED': 'See väljamakse on tagasi lükatud.',
    'PAYOUT.NOT_REQUESTED':
      'Eksportida saab ainult taotletud väljamakseid: üks valitud väljamaksetest on juba tehtud või tagasi lükatud.',
    'PAYOUT.EXECUTION_BEFORE_REQUEST': 'Väljamakse kuupäev ei saa olla enne taotlust',
    'PAYOUT.EXECUTION_IN_FUTURE': 'Väljamakse kuupäev ei saa olla tulevikus',
    'PAYOUT.IN_EXPORTED_BATCH':
      'Üks valitud väljamaksetest on juba maksefailis {messageId}, mis pole veel täidetud: see ei saa minna teise faili.',
    'PAYOUT.IN_EXPORTED_BATCH_CONFIRM':
      'See väljamakse on maksefailis {messageId}, mis võib juba pangas olla. Lükake see tagasi ainult siis, kui pank seda ei maksnud, ja kinnitage see.',
    'PAYOUT_BATCH.NOT_FOUND': 'Maksefaili ei leitud!',
    'PAYOUT_BATCH.ALREADY_EXECUTED': 'See maksefail on juba täidetuks märgitud.',
    'PAYOUT_BATCH.NOTHING_TO_EXECUTE':
      'Kõik selle faili väljamaksed on tagasi lükatud: täidetuks pole midagi märkida.',
    'PAYOUT_BATCH.NAME_NOT_IN_LATIN_LETTERS':
      'Ühe kontoomaniku nime ei saa SEPA märgistikus kirjutada; lükake see väljamakse tagasi.',
    'PAYOUT_BATCH.EXECUTION_DATE_IN_PAST': 'Täitmise kuupäev ei saa olla minevikus (täna on {today})',
    'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY':
      'Pangad ei täida sel päeval SEPA ülekandeid (TARGET2 on suletud: {reason}); järgmine pangapäev on {next}',
    'PAYOUT_BATCH.EXECUTION_BEFORE_EXPORT': 'Täitmise kuupäev ei saa olla enne faili eksportimist',
    'TARGET2.SATURDAY': 'laupäev',
    'TARGET2.SUNDAY': 'pühapäev',
    'TARGET2.NEW_YEARS_DAY': 'uusaasta',
    'TARGET2.GOOD_FRIDAY': 'suur reede',
    'TARGET2.EASTER_MONDAY': 'ülestõusmispühade esmaspäev',
    'TARGET2.LABOUR_DAY': '1. mai',
    'TARGET2.CHRISTMAS_DAY': 'esimene jõulupüha',
    'TARGET2.DECEMBER_26': 'teine jõulupüha',
    'SALES.NOT_OWNER': 'Näete ainult oma müüki ja väljamakseid.',
    'ERROR.ACCOUNTANT_ONLY': 'Seda saavad näha ainult raamatupidaja ja administraator.',
    'PROJECTION.NOT_FOUND': 'Sellist aruannet ei ole.',
    'PROJECTION.REBUILD_RUNNING': 'Seda aruannet juba taastatakse.',
  },
};
