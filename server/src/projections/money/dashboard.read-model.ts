import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const DASHBOARD_DAYS = 'dashboard_days';
export const DASHBOARD_PURCHASES = 'dashboard_purchases';

/** The counts of one Estonian day (money comes from the ledger's turnover); `_id` is the day. */
export interface DashboardDayView extends ReadModel {
  readonly day: string;
  readonly purchasesPaid: number;
  readonly documentsSold: number;
  readonly payoutsRequested: number;
  readonly payoutsExecuted: number;
  readonly documentsCreated: number;
  readonly documentsPublished: number;
  readonly usersRegistered: number;
}

/** How many lines a purchase has, kept from PurchaseCreated until it is paid. */
export interface DashboardPurchaseView extends ReadModel {
  readonly lines: number;
}

export const DASHBOARD_COUNTS = [
  'purchasesPaid',
  'documentsSold',
  'payoutsRequested',
  'payoutsExecuted',
  'documentsCreated',
  'documentsPublished',
  'usersRegistered',
] as const;
export type DashboardCount = (typeof DASHBOARD_COUNTS)[number];
