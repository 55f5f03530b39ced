import { ledgerDay } from '../../domain/ledger/ledger-day';
import type { StoredEvent } from '../../events/domain-event';
import type { PurchaseCreated, PurchasePaid } from '../../events/purchase.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import {
  DASHBOARD_DAYS,
  DASHBOARD_PURCHASES,
  type DashboardCount,
  type DashboardDayView,
  type DashboardPurchaseView,
} from './dashboard.read-model';

const COUNTED: Readonly<Record<string, DashboardCount>> = {
  PayoutRequested: 'payoutsRequested',
  PayoutExecuted: 'payoutsExecuted',
  DocumentCreated: 'documentsCreated',
  DocumentPublished: 'documentsPublished',
  ProfileRegistered: 'usersRegistered',
};

/** The admin dashboard's daily counts: sales, payouts, new documents and users (money: the ledger). */
export class DashboardProjection implements Projection {
  readonly name = 'dashboard';
  readonly collections = [DASHBOARD_DAYS, DASHBOARD_PURCHASES];

  handles(eventType: string): boolean {
    return (
      eventType === 'PurchaseCreated' || eventType === 'PurchasePaid' || Object.hasOwn(COUNTED, eventType)
    );
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const day = ledgerDay(stored.occurredAt);
    const count = (increments: Partial<Record<DashboardCount, number>>) =>
      tx
        .collection<DashboardDayView>(DASHBOARD_DAYS)
        .updateOne({ _id: day }, { $inc: increments, $set: { day } }, { upsert: true });
    const purchases = tx.collection<DashboardPurchaseView>(DASHBOARD_PURCHASES);
    if (stored.type === 'PurchaseCreated') {
      const { data } = stored as StoredEvent<PurchaseCreated>;
      await purchases.replaceOne(
        { _id: data.purchaseId },
        { _id: data.purchaseId, lines: data.lines.length },
        { upsert: true },
      );
      return;
    }
    if (stored.type === 'PurchasePaid') {
      const { data } = stored as StoredEvent<PurchasePaid>;
      const purchase = await purchases.findOne({ _id: data.purchaseId });
      await count({ purchasesPaid: 1, documentsSold: purchase?.lines ?? 0 });
      return;
    }
    const counted = Object.hasOwn(COUNTED, stored.type) ? COUNTED[stored.type] : undefined;
    if (counted) await count({ [counted]: 1 });
  }
}
