import { type BasisPoints, type Cents, divideRoundHalfUp } from '../shared/money';

/** A document's VAT: one rate per document, so one taxable amount and one VAT amount. */
export interface DocumentVat {
  /** Σ of the lines' net amounts. */
  readonly taxableAmount: Cents;
  readonly rate: BasisPoints;
  /** taxableAmount × rate, rounded half up to the cent: what the invoice prints. */
  readonly vat: Cents;
  /** taxableAmount + vat: what the buyer pays. */
  readonly total: Cents;
  /**
   * The VAT spread over the lines (for per-line views such as an uploader's sales): each line's share
   * rounded down, the cents left over given to the largest remainders, so the shares add up to `vat`.
   */
  readonly lineVat: readonly Cents[];
}

/**
 * VAT computed per rate on the whole document (docs/decisions/vat-on-the-document.md): the printed VAT
 * equals rate × taxable amount to the cent (EN 16931 BR-CO-17, VAT Directive Art. 226 (8)-(10)); the
 * lines' shares are only an allocation of it.
 */
export function documentVat(nets: readonly Cents[], rate: BasisPoints): DocumentVat {
  const taxableAmount = nets.reduce((sum, net) => sum + net, 0);
  const vat = divideRoundHalfUp(taxableAmount * rate, 10_000);
  const exact = nets.map((net) => net * rate);
  const floors = exact.map((e) => Math.floor(e / 10_000));
  let left = vat - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % 10_000 }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const lineVat = [...floors];
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    lineVat[index]! += 1;
    left -= 1;
  }
  return { taxableAmount, rate, vat, total: taxableAmount + vat, lineVat };
}
