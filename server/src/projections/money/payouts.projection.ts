import { ledgerDay } from '../../domain/ledger/ledger-day';
import type { StoredEvent } from '../../events/domain-event';
import type { PayoutBatchEvent } from '../../events/payout-batch.events';
import type { PayoutEvent } from '../../events/payout.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { eventRef, positionKey } from './event-ref';
import {
  PAYOUTS_COLLECTION,
  PAYOUT_BATCHES_COLLECTION,
  type PayoutBatchLineView,
  type PayoutBatchView,
  type PayoutView,
} from './payouts.read-model';

const HANDLED: ReadonlySet<string> = new Set<(PayoutEvent | PayoutBatchEvent)['type']>([
  'PayoutRequested',
  'PayoutExecuted',
  'PayoutRejected',
  'PayoutBatchExported',
  'PayoutBatchExecuted',
  'PayoutWithdrawn',
]);

/**
 * Every payout with its state, for "My payouts", the admin payouts list and edit; and every payout file
 * (batch) with its transfers, for the admin's Payout files.
 */
export class PayoutsProjection implements Projection {
  readonly name = 'payouts';
  readonly collections = [PAYOUTS_COLLECTION, PAYOUT_BATCHES_COLLECTION];
  readonly indexes: Projection['indexes'] = [
    { collection: PAYOUTS_COLLECTION, keys: { uploaderId: 1, positionKey: -1 } },
    { collection: PAYOUTS_COLLECTION, keys: { status: 1, positionKey: -1 } },
    { collection: PAYOUT_BATCHES_COLLECTION, keys: { status: 1, positionKey: -1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as PayoutEvent | PayoutBatchEvent;
    const payouts = tx.collection<PayoutView>(PAYOUTS_COLLECTION);
    const batches = tx.collection<PayoutBatchView>(PAYOUT_BATCHES_COLLECTION);
    const ref = eventRef(stored);
    const setLine = async (batchId: string, payoutId: string, change: Partial<PayoutBatchLineView>) => {
      const batch = await batches.findOne({ _id: batchId });
      if (!batch) return;
      await batches.updateOne(
        { _id: batchId },
        {
          $set: { payouts: batch.payouts.map((l) => (l.payoutId === payoutId ? { ...l, ...change } : l)) },
          $push: { events: ref },
        },
      );
    };
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
            accountHolderLatin: d.accountHolderLatin,
            accountHolderCheck: d.accountHolderCheck,
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
            batch: null,
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
      case 'PayoutBatchExported': {
        const d = event.data;
        await batches.replaceOne(
          { _id: d.batchId },
          {
            _id: d.batchId,
            number: d.number,
            messageId: d.messageId,
            format: d.format,
            executionDate: d.executionDate,
            createdAt: d.createdAt,
            exportedAt: d.exportedAt,
            exportedBy: d.exportedBy,
            count: d.count,
            controlSum: d.controlSum,
            file: d.file,
            status: 'exported',
            executedOn: null,
            executedAt: null,
            executedBy: null,
            payouts: d.payouts.map((p) => ({
              payoutId: p.payoutId,
              uploaderId: p.uploaderId,
              creditorName: p.creditorName,
              iban: p.iban,
              netAmount: p.netAmount,
              status: 'exported',
              withdrawal: null,
            })),
            events: [ref],
            positionKey: positionKey(stored.position),
          },
          { upsert: true },
        );
        for (const p of d.payouts)
          await payouts.updateOne(
            { _id: p.payoutId },
            { $set: { batch: { batchId: d.batchId, messageId: d.messageId, status: 'exported' } } },
          );
        return;
      }
      case 'PayoutBatchExecuted': {
        const d = event.data;
        const batch = await batches.findOne({ _id: d.batchId });
        if (!batch) return;
        await batches.updateOne(
          { _id: d.batchId },
          {
            $set: {
              status: 'executed',
              executedOn: d.executionDate,
              executedAt: d.executedAt,
              executedBy: d.executedBy,
              payouts: batch.payouts.map((l) =>
                d.payoutIds.includes(l.payoutId) ? { ...l, status: 'executed' as const } : l,
              ),
            },
            $push: { events: ref },
          },
        );
        for (const payoutId of d.payoutIds)
          await payouts.updateOne(
            { _id: payoutId },
            { $set: { batch: { batchId: d.batchId, messageId: d.messageId, status: 'executed' } } },
          );
        return;
      }
      case 'PayoutWithdrawn': {
        const d = event.data;
        if (d.batchId === null || d.messageId === null) return;
        await setLine(d.batchId, d.payoutId, {
          status: 'withdrawn',
          withdrawal: {
            reason: d.reason,
            by: d.withdrawnBy,
            at: d.withdrawnAt,
            bankDidNotPayConfirmed: d.bankDidNotPayConfirmed,
          },
        });
        await payouts.updateOne(
          { _id: d.payoutId },
          { $set: { batch: { batchId: d.batchId, messageId: d.messageId, status: 'withdrawn' } } },
        );
        return;
      }
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
