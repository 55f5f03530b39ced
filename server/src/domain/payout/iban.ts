import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { sepaReach } from './sepa-countries';

/** What is wrong with an IBAN, if anything (SPEC §5: valid, in the SEPA area). */
export type IbanProblem =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'not-sepa' }
  /** In the SEPA area, but its banks take SEPA transfers only from `from` (a new member). */
  | { readonly kind: 'not-sepa-yet'; readonly from: string };

/** The IBAN in electronic format: spaces and dashes removed, upper case ('ee38 2200…' → 'EE382200…'). */
export function normaliseIban(input: string): string {
  return electronicFormatIBAN(input.replace(/-/g, '')) ?? '';
}

/**
 * Checks an IBAN (already normalised): its country's length and format and its check digits (ibantools),
 * then whether a SEPA transfer reaches its country on `day` (the scope list with its dates,
 * sepa-countries.ts; without a day, whether the country is in the scope at all). Null when it is fine.
 */
export function ibanProblem(iban: string, day?: string): IbanProblem | null {
  if (!isValidIBAN(iban)) return { kind: 'invalid' };
  const reach = sepaReach(iban.slice(0, 2), day);
  if (reach.reachable) return null;
  return reach.reason === 'outside' ? { kind: 'not-sepa' } : { kind: 'not-sepa-yet', from: reach.from };
}

/** 'EE382200221020145685' → 'EE38 2200 2210 2014 5685', for people. */
export function formatIbanForPeople(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
