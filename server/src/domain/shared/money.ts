/** Money is integer euro cents everywhere in the domain, events and read models. */
export type Cents = number;

/** A rate in basis points: 2400 = 24 %. Integer arithmetic keeps every split exact and reproducible. */
export type BasisPoints = number;

/** SPEC §9: maximum document fee 1000 euro. */
export const MAX_DOCUMENT_PRICE: Cents = 100_000;

/** numerator / denominator rounded half up, for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(denominator) ||
    denominator <= 0 ||
    numerator < 0
  ) {
    throw new RangeError(
      `divideRoundHalfUp needs non-negative safe integers, got ${numerator}/${denominator}`,
    );
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function isValidPrice(price: unknown): price is Cents {
  return (
    typeof price === 'number' && Number.isSafeInteger(price) && price >= 0 && price <= MAX_DOCUMENT_PRICE
  );
}
