import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ACCOUNTS } from '../../domain/ledger/accounts';
import { type TurnoverTable, turnoverKey } from '../../domain/ledger/reconciliation';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { DOCUMENTS_COLLECTION } from '../../projections/catalogue/catalogue.read-model';
import { DASHBOARD_DAYS, type DashboardDayView } from '../../projections/money/dashboard.read-model';
import { LEDGER_TURNOVER, type TurnoverView } from '../../projections/money/ledger.read-model';
import { USERS_COLLECTION } from '../../projections/users/users.read-model';
import { GetDashboardQuery } from './get-dashboard.query';
import type { Dashboard, DashboardFigures } from './money.views';

const EMPTY: DashboardFigures = {
  sales: 0,
  refunds: 0,
  vat: 0,
  serviceFees: 0,
  uploaderEarnings: 0,
  transferFees: 0,
  payoutsRequested: 0,
  payoutsPaid: 0,
  purchasesPaid: 0,
  documentsSold: 0,
  payoutsRequestedCount: 0,
  payoutsExecutedCount: 0,
  documentsCreated: 0,
  documentsPublished: 0,
  usersRegistered: 0,
};

function moneyOf(table: TurnoverTable | undefined): Partial<DashboardFigures> {
  const t = (group: Parameters<typeof turnoverKey>[0], movement: Parameters<typeof turnoverKey>[1]) =>
    table?.[turnoverKey(group, movement)] ?? { debit: 0, credit: 0 };
  return {
    // What buyers paid, less what was given back to them: a refund's period nets it (posting.ts).
    sales:
      t(ACCOUNTS.buyerPayments, 'payment-received').debit -
      t(ACCOUNTS.buyerPayments, 'payment-refunded').credit,
    refunds: t(ACCOUNTS.buyerPayments, 'payment-refunded').credit,
    // Estonian VAT and the other member states' VAT paid through the OSS, less what refunds reversed.
    vat:
      t(ACCOUNTS.vatPayable, 'vat').credit -
      t(ACCOUNTS.vatPayable, 'vat').debit +
      t(ACCOUNTS.ossVatPayable, 'vat').credit -
      t(ACCOUNTS.ossVatPayable, 'vat').debit,
    serviceFees:
      t(ACCOUNTS.serviceFees, 'service-fee').credit - t(ACCOUNTS.serviceFees, 'service-fee-refunded').debit,
    uploaderEarnings:
      t('uploader-payables', 'earned').credit - t('uploader-payables', 'earnings-refunded').debit,
    transferFees:
      t(ACCOUNTS.transferFees, 'transfer-fee').credit -
      t(ACCOUNTS.transferFees, 'transfer-fee-returned').debit,
    payoutsRequested:
      t(ACCOUNTS.payoutsInProcess, 'payout-requested').credit -
      t(ACCOUNTS.payoutsInProcess, 'payout-rejected').debit,
    payoutsPaid: t(ACCOUNTS.payoutsPaid, 'payout-paid').credit,
  };
}

@QueryHandler(GetDashboardQuery)
export class GetDashboardHandler implements IQueryHandler<GetDashboardQuery, Dashboard> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ period }: GetDashboardQuery): Promise<Dashboard> {
    const inPeriod = { day: { $gte: period.from, $lte: period.to } };
    const [turnover, counts, users, documents] = await Promise.all([
      this.readStore.collection<TurnoverView>(LEDGER_TURNOVER).find(inPeriod),
      this.readStore.collection<DashboardDayView>(DASHBOARD_DAYS).find(inPeriod),
      this.readStore.collection(USERS_COLLECTION).count({}),
      this.readStore.collection(DOCUMENTS_COLLECTION).count({ status: 'published' }),
    ]);
    const money = new Map(turnover.map((t) => [t.day, t.table]));
    const countsByDay = new Map(counts.map((c) => [c.day, c]));
    const dayKeys = [...new Set([...money.keys(), ...countsByDay.keys()])].sort();
    const days = dayKeys.map((day) => {
      const c = countsByDay.get(day);
      return {
        ...EMPTY,
        ...moneyOf(money.get(day)),
        purchasesPaid: c?.purchasesPaid ?? 0,
        documentsSold: c?.documentsSold ?? 0,
        payoutsRequestedCount: c?.payoutsRequested ?? 0,
        payoutsExecutedCount: c?.payoutsExecuted ?? 0,
        documentsCreated: c?.documentsCreated ?? 0,
        documentsPublished: c?.documentsPublished ?? 0,
        usersRegistered: c?.usersRegistered ?? 0,
        day,
      };
    });
    const totals = { ...EMPTY };
    for (const day of days) {
      for (const key of Object.keys(EMPTY) as (keyof DashboardFigures)[]) totals[key] += day[key];
    }
    return { period, totals: { ...totals, users, documents }, days };
  }
}
