import { ledgerDay } from '../../domain/ledger/ledger-day';
import type { StoredEvent } from '../../events/domain-event';
import type { PayoutEvent } from '../../events/payout.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { eventRef, positionKey } from './event-ref';
import { PAYOUTS_COLLECTION, type PayoutView } from './payouts.read-model';

const HANDLED: ReadonlySet<string> = new Set<PayoutEvent['type']>([
  'PayoutRequested',
  'PayoutExecuted',
  'PayoutRejected',
]);

/** Every payout with its state, for "My payouts", the admin payouts list and edit, and the SEPA file. */
export class PayoutsProjection implements Projection {
  readonly name = 'payouts';
  readonly collections = [PAYOUTS_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    { collection: PAYOUTS_COLLECTION, keys: { uploaderId: 1, positionKey: -1 } },
    { collection: PAYOUTS_COLLECTION, keys: { status: 1, positionKey: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as PayoutEvent;
    const payouts = tx.collection<PayoutView>(PAYOUTS_COLLECTION);
    const ref = eventRef(stored);
    switch (event.type) {
      case 'PayoutRequested': {
        const d = event.data;
        await payouts.replaceOne(
          { _id: d.payoutId },
          {
            _id: d.payoutId,
            uploaderId: d.uploaderId,
            payeeName: d.payeeName,
            iban: d.iban,
            accountHolder: d.accountHolder,
            amount: d.amount,
            transferFee: d.transferFee,
            netAmount: d.netAmount,
            availableBefore: d.availableBefore,
            status: 'requested',
            requestedAt: d.requestedAt,
            requestedDay: ledgerDay(d.requestedAt),
            executionDate: null,
            executedAt: null,
            executedBy: null,
            rejectedAt: null,
            rejectedBy: null,
            reason: null,
            events: [ref],
            positionKey: positionKey(stored.position),
          },
          { upsert: true },
        );
        return;
      }
      case 'PayoutExecuted':
        await payouts.updateOne(
          { _id: event.data.payoutId },
          {
            $set: {
              status: 'executed',
              executionDate: event.data.executionDate,
              executedAt: event.data.executedAt,
              executedBy: event.data.executedBy,
            },
            $push: { events: ref },
          },
        );
        return;
      case 'PayoutRejected':
        await payouts.updateOne(
          { _id: event.data.payoutId },
          {
            $set: {
              status: 'rejected',
              rejectedAt: event.data.rejectedAt,
              rejectedBy: event.data.rejectedBy,
              reason: event.data.reason,
            },
            $push: { events: ref },
          },
        );
        return;
    }
  }
}
