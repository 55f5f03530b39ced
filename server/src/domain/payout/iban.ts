import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { foldForSearch } from '../catalogue/search-text';
import { isSepaCountry } from './sepa-countries';

/** What is wrong with an IBAN, if anything (SPEC §5: valid, in the SEPA area). */
export type IbanProblem = 'invalid' | 'not-sepa';

/** The IBAN in electronic format: spaces and dashes removed, upper case ('ee38 2200…' → 'EE382200…'). */
export function normaliseIban(input: string): string {
  return electronicFormatIBAN(input.replace(/-/g, '')) ?? '';
}

/**
 * Checks an IBAN (already normalised): its country's length and format and its check digits (ibantools),
 * then SEPA membership by the project's own table. Null when it is fine.
 */
export function ibanProblem(iban: string): IbanProblem | null {
  if (!isValidIBAN(iban)) return 'invalid';
  if (!isSepaCountry(iban.slice(0, 2))) return 'not-sepa';
  return null;
}

/** 'EE382200221020145685' → 'EE38 2200 2210 2014 5685', for people. */
export function formatIbanForPeople(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

const nameWords = (name: string): string[] =>
  foldForSearch(name.replace(/[.,'’-]/g, ' '))
    .split(' ')
    .filter((word) => word !== '');

/**
 * SPEC §5: the account must be "in the user's name". The holder's name matches the profile's first and
 * last name when their words are the same, ignoring case, diacritics, punctuation and order ("TAMM KADRI"
 * and "Kädri Tamm" are both Kadri Tamm's).
 */
export function isAccountHolder(accountHolder: string, firstName: string, lastName: string): boolean {
  const holder = nameWords(accountHolder).sort();
  const profile = nameWords(`${firstName} ${lastName}`).sort();
  return profile.length > 0 && holder.length === profile.length && holder.every((w, i) => w === profile[i]);
}
