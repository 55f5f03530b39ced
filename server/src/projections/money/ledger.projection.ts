import { accountGroup, uploaderOfAccount } from '../../domain/ledger/accounts';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { MONEY_EVENT_TYPES, type MoneyEvent, entriesFor, purchaseSplit } from '../../domain/ledger/posting';
import { addToTurnover, turnoverKey } from '../../domain/ledger/reconciliation';
import type { StoredEvent } from '../../events/domain-event';
import type { PurchaseCreated } from '../../events/purchase.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { eventRef, positionKey } from './event-ref';
import {
  LEDGER_POSTINGS,
  LEDGER_PURCHASES,
  LEDGER_TURNOVER,
  type LedgerPurchaseView,
  type PostingView,
  type TurnoverView,
} from './ledger.read-model';

/**
 * The double-entry ledger: every money event posted as balanced entries (domain/ledger/posting.ts), each
 * posting citing its event, and per-day turnover by account group and movement for the reports. An
 * unbalanced posting throws, so the projection stops at that event (and says so in its status) rather
 * than book a wrong figure.
 */
export class LedgerProjection implements Projection {
  readonly name = 'ledger';
  readonly collections = [LEDGER_POSTINGS, LEDGER_TURNOVER, LEDGER_PURCHASES];
  readonly indexes: Projection['indexes'] = [
    // One position per posting: looked up in an SQLite index rather than postings of a value each.
    { collection: LEDGER_POSTINGS, keys: { positionKey: 1 }, highCardinality: true },
    { collection: LEDGER_POSTINGS, keys: { day: 1, positionKey: 1 } },
  ];

  handles(eventType: string): boolean {
    return eventType === 'PurchaseCreated' || MONEY_EVENT_TYPES.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    if (stored.type === 'PurchaseCreated') {
      const { data } = stored as StoredEvent<PurchaseCreated>;
      await tx
        .collection<LedgerPurchaseView>(LEDGER_PURCHASES)
        .replaceOne(
          { _id: data.purchaseId },
          { _id: data.purchaseId, split: purchaseSplit(data), created: eventRef(stored) },
          { upsert: true },
        );
      return;
    }
    const event = { type: stored.type, data: stored.data } as MoneyEvent;
    const ofPurchase = event.type === 'PurchasePaid' || event.type === 'PurchaseRefundCompleted';
    const purchase = ofPurchase
      ? await tx.collection<LedgerPurchaseView>(LEDGER_PURCHASES).findOne({ _id: event.data.purchaseId })
      : null;
    const ref = eventRef(stored);
    const entries = entriesFor(
      event,
      purchase?.split ?? null,
      `${event.type} ${ref.eventId} (${stored.streamId}@${stored.revision}, position ${ref.position})`,
    );
    if (entries.length === 0) return;
    const day = ledgerDay(stored.occurredAt);
    const uploaderIds = [
      ...new Set(entries.map((e) => uploaderOfAccount(e.account)).filter((u): u is string => u !== null)),
    ];
    const posting: PostingView = {
      _id: ref.eventId,
      event: ref,
      positionKey: positionKey(stored.position),
      day,
      entries,
      amount: entries.reduce((sum, e) => sum + e.debit, 0),
      sources: purchase ? [purchase.created] : [],
      purchaseId: ofPurchase ? event.data.purchaseId : null,
      payoutId: ofPurchase ? null : event.data.payoutId,
      uploaderIds,
      movements: [...new Set(entries.map((e) => turnoverKey(accountGroup(e.account), e.movement)))],
    };
    await tx.collection<PostingView>(LEDGER_POSTINGS).insertOne(posting);

    const turnover = tx.collection<TurnoverView>(LEDGER_TURNOVER);
    const before = await turnover.findOne({ _id: day });
    await turnover.replaceOne(
      { _id: day },
      { _id: day, day, table: addToTurnover(before?.table ?? {}, entries) },
      { upsert: true },
    );
  }
}
