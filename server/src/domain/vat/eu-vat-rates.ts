import type { BasisPoints } from '../shared/money';

/**
 * The 27 member states of the European Union (ISO 3166-1 alpha-2; Greece is GR here and EL in VAT
 * numbers). Northern Ireland (XI) belongs to the EU's VAT area for goods only, so for the services this
 * shop sells it is part of the United Kingdom.
 */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export type MemberState = (typeof EU_MEMBER_STATES)[number];

/** The shop's own member state: the supplier is established in Estonia. */
export const SHOP_MEMBER_STATE: MemberState = 'EE';

export function isMemberState(country: string): country is MemberState {
  return (EU_MEMBER_STATES as readonly string[]).includes(country);
}

/** A standard rate and the first day it applies (the member state's calendar day, YYYY-MM-DD). */
export interface DatedRate {
  readonly from: string;
  readonly rate: BasisPoints;
}

/**
 * Each member state's standard VAT rate with the day it applies from, newest last. Electronically
 * supplied services (Annex II of the VAT Directive) take the standard rate everywhere. Sources: the
 * European Commission's "VAT rates applied in the Member States" (taxation_customs, rates as of 2025) and
 * each change's national act, named beside it. Older rates are kept back to 2020 so that a return for a
 * past period reads the rate then in force.
 */
export const STANDARD_VAT_RATES: Readonly<Record<MemberState, readonly DatedRate[]>> = {
  AT: [{ from: '2016-01-01', rate: 2000 }],
  BE: [{ from: '1996-01-01', rate: 2100 }],
  BG: [{ from: '2007-01-01', rate: 2000 }],
  CY: [{ from: '2014-01-13', rate: 1900 }],
  CZ: [{ from: '2013-01-01', rate: 2100 }],
  // Germany's temporary 16 % ran from 2020-07-01 to 2020-12-31.
  DE: [
    { from: '2007-01-01', rate: 1900 },
    { from: '2020-07-01', rate: 1600 },
    { from: '2021-01-01', rate: 1900 },
  ],
  DK: [{ from: '1992-01-01', rate: 2500 }],
  // Käibemaksuseadus § 15 (1): 22 % from 2024-01-01, 24 % from 2025-07-01.
  EE: [
    { from: '2009-07-01', rate: 2000 },
    { from: '2024-01-01', rate: 2200 },
    { from: '2025-07-01', rate: 2400 },
  ],
  ES: [{ from: '2012-09-01', rate: 2100 }],
  // Arvonlisäverolaki § 84: 25.5 % from 2024-09-01.
  FI: [
    { from: '2013-01-01', rate: 2400 },
    { from: '2024-09-01', rate: 2550 },
  ],
  FR: [{ from: '2014-01-01', rate: 2000 }],
  GR: [{ from: '2016-06-01', rate: 2400 }],
  HR: [{ from: '2012-03-01', rate: 2500 }],
  HU: [{ from: '2012-01-01', rate: 2700 }],
  // Ireland's temporary 21 % ran from 2020-09-01 to 2021-02-28.
  IE: [
    { from: '2012-01-01', rate: 2300 },
    { from: '2020-09-01', rate: 2100 },
    { from: '2021-03-01', rate: 2300 },
  ],
  IT: [{ from: '2013-10-01', rate: 2200 }],
  LT: [{ from: '2009-09-01', rate: 2100 }],
  // Luxembourg's temporary 16 % applied in 2023 only.
  LU: [
    { from: '2015-01-01', rate: 1700 },
    { from: '2023-01-01', rate: 1600 },
    { from: '2024-01-01', rate: 1700 },
  ],
  LV: [{ from: '2009-01-01', rate: 2100 }],
  MT: [{ from: '2004-01-01', rate: 1800 }],
  NL: [{ from: '2012-10-01', rate: 2100 }],
  PL: [{ from: '2011-01-01', rate: 2300 }],
  PT: [{ from: '2011-01-01', rate: 2300 }],
  // Romania: 21 % from 2025-08-01.
  RO: [
    { from: '2017-01-01', rate: 1900 },
    { from: '2025-08-01', rate: 2100 },
  ],
  SE: [{ from: '1990-07-01', rate: 2500 }],
  SI: [{ from: '2013-07-01', rate: 2200 }],
  // Slovakia: 23 % from 2025-01-01.
  SK: [
    { from: '2011-01-01', rate: 2000 },
    { from: '2025-01-01', rate: 2300 },
  ],
};

/** The member state's standard rate in force on `day` (YYYY-MM-DD). */
export function standardVatRate(country: MemberState, day: string): BasisPoints {
  const rates = STANDARD_VAT_RATES[country];
  let found: DatedRate | undefined;
  for (const dated of rates) if (dated.from <= day) found = dated;
  if (!found) throw new RangeError(`No VAT rate of ${country} is known for ${day}`);
  return found.rate;
}

/** VAT numbers start with the member state's code, except Greece's (EL). */
export function vatNumberPrefix(country: MemberState): string {
  return country === 'GR' ? 'EL' : country;
}

/** The country a VAT number belongs to: `EL…` is Greece, `XI…` Northern Ireland (the United Kingdom for services). */
export function countryOfVatNumber(vatNumber: string): string {
  const prefix = vatNumber.slice(0, 2).toUpperCase();
  if (prefix === 'EL') return 'GR';
  if (prefix === 'XI') return 'GB';
  return prefix;
}
