/**
 * The countries and territories of the Single Euro Payments Area by their IBAN country code, after the
 * EPC's list of SEPA schemes' geographical scope (EPC409-09, as amended in 2025). Kept here rather than
 * taken from the IBAN library, whose list lags (it lacks the 2025 members, for one). Territories that
 * use their parent's IBAN (Åland: FI, the Canaries: ES, Jersey: GB, …) need no entry of their own.
 */
const EUROPEAN_UNION = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK';
const REST_OF_EEA = 'IS LI NO';
const FURTHER_PARTICIPANTS = 'AD CH GB GI MC SM VA';
const JOINED_2025 = 'AL MD ME MK';
/** French overseas departments and collectivities that have IBANs of their own code. */
const FRENCH_OVERSEAS = 'BL GF GP MF MQ PM RE YT';

export const SEPA_COUNTRIES: ReadonlySet<string> = new Set(
  [EUROPEAN_UNION, REST_OF_EEA, FURTHER_PARTICIPANTS, JOINED_2025, FRENCH_OVERSEAS].join(' ').split(' '),
);

export function isSepaCountry(countryCode: string): boolean {
  return SEPA_COUNTRIES.has(countryCode.toUpperCase());
}
