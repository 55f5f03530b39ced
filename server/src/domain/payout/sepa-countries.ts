/**
 * The countries and territories that SEPA credit transfers reach, by IBAN country code, after the EPC's
 * list of the SEPA schemes' geographical scope (EPC409-09) and its announcements of new members. Kept
 * as data rather than taken from the IBAN library, whose list lags (it lacks the 2025 members).
 * Territories that use their parent's IBAN (Åland: FI, the Canaries: ES, Jersey: GB, …) need no entry.
 * docs/decisions/sepa-scope-as-data.md.
 */
export interface SepaScopeEntry {
  /** ISO 3166 code as the IBAN starts. */
  readonly code: string;
  /** The day the EPC took the country into the schemes' geographical scope; null: before 2020. */
  readonly inScopeFrom: string | null;
  /**
   * The EPC's operational readiness date for the country's payment service providers: from this day a
   * SEPA credit transfer can reach an account there. Null: before 2020.
   */
  readonly transfersFrom: string | null;
}

const SINCE_BEFORE_2020 = (codes: string): SepaScopeEntry[] =>
  codes.split(' ').map((code) => ({ code, inScopeFrom: null, transfersFrom: null }));

export const SEPA_SCOPE: readonly SepaScopeEntry[] = [
  // The European Union.
  ...SINCE_BEFORE_2020('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'),
  // The rest of the European Economic Area.
  ...SINCE_BEFORE_2020('IS LI NO'),
  // Further participants: Switzerland, the United Kingdom and Gibraltar, the microstates.
  ...SINCE_BEFORE_2020('AD CH GB GI MC SM VA'),
  // French overseas departments and collectivities with IBANs of their own code.
  ...SINCE_BEFORE_2020('BL GF GP MF MQ PM RE YT'),
  // EPC Board, 21 November 2024; operational readiness date 5 October 2025.
  { code: 'AL', inScopeFrom: '2024-11-21', transfersFrom: '2025-10-05' },
  { code: 'ME', inScopeFrom: '2024-11-21', transfersFrom: '2025-10-05' },
  // EPC Board, 6 March 2025; operational readiness date 5 October 2025.
  { code: 'MD', inScopeFrom: '2025-03-06', transfersFrom: '2025-10-05' },
  { code: 'MK', inScopeFrom: '2025-03-06', transfersFrom: '2025-10-05' },
  // EPC Board, 22 May 2025; Serbian banks operational in the SCT scheme from 5 May 2026.
  { code: 'RS', inScopeFrom: '2025-05-22', transfersFrom: '2026-05-05' },
];

const BY_CODE: ReadonlyMap<string, SepaScopeEntry> = new Map(SEPA_SCOPE.map((e) => [e.code, e]));

/** Whether a SEPA credit transfer can reach an account of this country. */
export type SepaReach =
  | { readonly reachable: true }
  | { readonly reachable: false; readonly reason: 'outside' }
  | { readonly reachable: false; readonly reason: 'not-yet'; readonly from: string };

/**
 * Whether a transfer on `day` (YYYY-MM-DD) can reach the country; without a day, whether the country is
 * in the scope at all (for configuration checks, which have no calendar).
 */
export function sepaReach(countryCode: string, day?: string): SepaReach {
  const entry = BY_CODE.get(countryCode.toUpperCase());
  if (!entry) return { reachable: false, reason: 'outside' };
  if (day !== undefined && entry.transfersFrom !== null && day < entry.transfersFrom)
    return { reachable: false, reason: 'not-yet', from: entry.transfersFrom };
  return { reachable: true };
}

/** Countries of the European Economic Area (for the EPC's rules on transfers leaving it). */
const EEA: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK IS LI NO BL GF GP MF MQ PM RE YT'.split(
    ' ',
  ),
);

/** Whether the IBAN country is in the European Economic Area (the French overseas codes included). */
export function isEeaCountry(countryCode: string): boolean {
  return EEA.has(countryCode.toUpperCase());
}
