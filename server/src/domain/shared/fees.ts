import { type BasisPoints, type Cents, divideRoundHalfUp } from './money';

/** The rates in force when a fee split is decided; written into the events so history never changes. */
export interface FeeRates {
  /** VAT rate; Estonia 24 % from July 2025. */
  readonly vatRate: BasisPoints;
  /** SPEC §9: service fee 20 % deducted from licence fees. */
  readonly serviceFeeRate: BasisPoints;
}

export const DEFAULT_FEE_RATES: FeeRates = { vatRate: 2400, serviceFeeRate: 2000 };

/** How one document's price divides between the state, the platform and the uploader. */
export interface PriceSplit {
  /** What the buyer pays, VAT included. */
  readonly price: Cents;
  /** VAT contained in the price: price × rate / (1 + rate), rounded half up. */
  readonly vat: Cents;
  /** The price without VAT. */
  readonly licenceFee: Cents;
  /** The platform's share of the licence fee, rounded half up. */
  readonly serviceFee: Cents;
  /** What the uploader earns: licence fee − service fee. */
  readonly uploaderEarnings: Cents;
}

/**
 * Splits a VAT-inclusive consumer price (docs/decisions/prices-and-vat.md). Each line is rounded on
 * its own, half up, so a basket's totals are the sums of its lines.
 */
export function splitPrice(price: Cents, rates: FeeRates): PriceSplit {
  const vat = divideRoundHalfUp(price * rates.vatRate, 10_000 + rates.vatRate);
  const licenceFee = price - vat;
  const serviceFee = divideRoundHalfUp(licenceFee * rates.serviceFeeRate, 10_000);
  return { price, vat, licenceFee, serviceFee, uploaderEarnings: licenceFee - serviceFee };
}
