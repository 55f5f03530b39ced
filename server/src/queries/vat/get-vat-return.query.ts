import { Query } from '@nestjs/cqrs';
import type { KmdReturn, OssReturn } from '../../domain/vat/vat-returns';

/** The ledger's VAT account for the return's period, beside the return's own total: they must agree. */
export interface VatReconciliation {
  /** The credits of the ledger's VAT account (vat-payable or oss-vat-payable) in the period's days. */
  readonly ledger: number;
  /** The return's VAT total. */
  readonly returned: number;
  readonly balances: boolean;
}

export type KmdReturnAnswer = KmdReturn & {
  readonly from: string;
  readonly to: string;
  readonly reconciliation: VatReconciliation;
};
export type OssReturnAnswer = OssReturn & {
  readonly from: string;
  readonly to: string;
  readonly reconciliation: VatReconciliation;
};

/** The Estonian VAT return (KMD) figures of a month, `YYYY-MM`. */
export class GetKmdReturnQuery extends Query<KmdReturnAnswer> {
  constructor(readonly month: string) {
    super();
  }
}

/** The One-Stop Shop return of a quarter, `YYYY-Qn`. */
export class GetOssReturnQuery extends Query<OssReturnAnswer> {
  constructor(readonly quarter: string) {
    super();
  }
}
