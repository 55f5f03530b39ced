import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ACCOUNTS } from '../../domain/ledger/accounts';
import { turnoverKey } from '../../domain/ledger/reconciliation';
import { type VatSale, kmdReturn, ossReturn } from '../../domain/vat/vat-returns';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { LEDGER_TURNOVER, type TurnoverView } from '../../projections/money/ledger.read-model';
import { VAT_SALES, type VatSaleView } from '../../projections/vat/vat.read-model';
import {
  GetKmdReturnQuery,
  GetOssReturnQuery,
  type KmdReturnAnswer,
  type OssReturnAnswer,
  type VatReconciliation,
} from './get-vat-return.query';

/** The first and last day of a month `YYYY-MM`. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The first and last day of a quarter `YYYY-Qn`. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const year = quarter.slice(0, 4);
  const q = Number(quarter.slice(6));
  const first = (q - 1) * 3 + 1;
  return {
    from: monthDays(`${year}-${String(first).padStart(2, '0')}`).from,
    to: monthDays(`${year}-${String(first + 2).padStart(2, '0')}`).to,
  };
}

const toSale = (view: VatSaleView): VatSale => ({
  purchaseId: view.purchaseId,
  purchaseNumber: view.purchaseNumber,
  documentNumber: view.documentNumber,
  day: view.day,
  treatment: view.treatment,
  buyerCountry: view.buyerCountry,
  vatCountry: view.vatCountry,
  rate: view.rate,
  taxableAmount: view.taxableAmount,
  vatAmount: view.vatAmount,
  buyerVatNumber: view.buyerVatNumber,
});

/**
 * The VAT returns from the VAT read model, each reconciled with the ledger: the return's VAT equals the
 * credits the ledger posted to the matching VAT account on the same Estonian days.
 */
abstract class VatReturnHandler {
  constructor(protected readonly readStore: ReadStore) {}

  protected async sales(field: 'month' | 'quarter', value: string): Promise<VatSale[]> {
    const rows = await this.readStore
      .collection<VatSaleView>(VAT_SALES)
      .find({ [field]: value }, { sort: { day: 1, positionKey: 1 } });
    return rows.map(toSale);
  }

  protected async reconcile(
    from: string,
    to: string,
    account: string,
    returned: number,
  ): Promise<VatReconciliation> {
    const days = await this.readStore
      .collection<TurnoverView>(LEDGER_TURNOVER)
      .find({ day: { $gte: from, $lte: to } });
    const key = turnoverKey(account as never, 'vat');
    const ledger = days.reduce((sum, d) => sum + (d.table[key]?.credit ?? 0) - (d.table[key]?.debit ?? 0), 0);
    return { ledger, returned, balances: ledger === returned };
  }
}

@QueryHandler(GetKmdReturnQuery)
export class GetKmdReturnHandler
  extends VatReturnHandler
  implements IQueryHandler<GetKmdReturnQuery, KmdReturnAnswer>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({ month }: GetKmdReturnQuery): Promise<KmdReturnAnswer> {
    const { from, to } = monthDays(month);
    const figures = kmdReturn(month, await this.sales('month', month));
    return {
      ...figures,
      from,
      to,
      reconciliation: await this.reconcile(from, to, ACCOUNTS.vatPayable, figures.vatDue),
    };
  }
}

@QueryHandler(GetOssReturnQuery)
export class GetOssReturnHandler
  extends VatReturnHandler
  implements IQueryHandler<GetOssReturnQuery, OssReturnAnswer>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({ quarter }: GetOssReturnQuery): Promise<OssReturnAnswer> {
    const { from, to } = quarterDays(quarter);
    const figures = ossReturn(quarter, await this.sales('quarter', quarter));
    return {
      ...figures,
      from,
      to,
      reconciliation: await this.reconcile(from, to, ACCOUNTS.ossVatPayable, figures.vatAmount),
    };
  }
}
