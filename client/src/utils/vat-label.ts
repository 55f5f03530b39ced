import type { TFunction } from 'i18next';
import type { VatTreatment } from '../api/types';
import { countryName } from './countries';

import { ratePercent } from './vat-rate';

export { ratePercent };

/** The VAT row's label: the rate and whose VAT it is, the reverse charge, or no EU VAT outside the EU. */
export function vatLabel(
  t: TFunction,
  language: string,
  vat: { treatment: VatTreatment | null; rate: number | null; vatCountry: string | null },
  keys: { at: string; reverseCharge: string; outsideEu: string } = {
    at: 'BASKET.VAT_AT',
    reverseCharge: 'BASKET.VAT_REVERSE_CHARGE',
    outsideEu: 'BASKET.VAT_OUTSIDE_EU',
  },
): string {
  if (vat.treatment === 'reverse-charge') return t(keys.reverseCharge);
  if (vat.treatment === 'outside-scope') return t(keys.outsideEu);
  return t(keys.at, {
    rate: ratePercent(vat.rate ?? 0, language),
    country: vat.vatCountry ? countryName(vat.vatCountry, language) : '',
  });
}
