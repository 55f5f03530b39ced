import { ledgerDay } from '../../domain/ledger/ledger-day';
import { earningsReleasedAt } from '../../domain/payout/earnings-release';
import type { StoredEvent } from '../../events/domain-event';
import type { PurchaseEvent, PurchaseLine } from '../../events/purchase.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import type { Projection } from '../projection';
import { eventRef, positionKey } from './event-ref';
import {
  SALES_DOWNLOADS,
  SALES_LINES,
  SALES_PURCHASES,
  type SaleDownloadView,
  type SaleLineView,
  type SalesPurchaseLine,
  type SalesPurchaseView,
} from './sales.read-model';

/** The part of a purchase line its sale and downloads read (the rest stays in the purchases read model). */
function saleOf(line: PurchaseLine): SalesPurchaseLine {
  return {
    documentId: line.documentId,
    slug: line.slug,
    title: line.title,
    uploaderId: line.uploaderId,
    price: line.price,
    vat: line.vat,
    licenceFee: line.licenceFee,
    serviceFee: line.serviceFee,
    uploaderEarnings: line.uploaderEarnings,
    files: line.files.map((f) => ({ fileId: f.fileId, title: f.title })),
  };
}

const HANDLED: ReadonlySet<string> = new Set<PurchaseEvent['type']>([
  'PurchaseCreated',
  'PurchasePaid',
  'PurchaseFilesDownloaded',
  'PurchaseRefundCompleted',
]);

/**
 * The uploaders' sales: every paid purchase line with its fee split (copied from PurchaseCreated, never
 * recomputed) and release date, and every download of their files. "My sales" and the payout request read
 * it; so does the payout command, for the earnings released so far.
 */
export class SalesProjection implements Projection {
  readonly name = 'sales';
  readonly collections = [SALES_PURCHASES, SALES_LINES, SALES_DOWNLOADS];
  readonly indexes: Projection['indexes'] = [
    { collection: SALES_LINES, keys: { uploaderId: 1, day: 1 } },
    { collection: SALES_DOWNLOADS, keys: { uploaderId: 1, day: 1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as PurchaseEvent;
    const purchases = tx.collection<SalesPurchaseView>(SALES_PURCHASES);
    switch (event.type) {
      case 'PurchaseCreated':
        await purchases.replaceOne(
          { _id: event.data.purchaseId },
          {
            _id: event.data.purchaseId,
            lines: event.data.lines.map(saleOf),
            createdEventId: eventRef(stored).eventId,
            paid: false,
          },
          { upsert: true },
        );
        return;
      case 'PurchasePaid': {
        const purchase = await purchases.findOne({ _id: event.data.purchaseId });
        if (!purchase || purchase.paid) return;
        await purchases.updateOne({ _id: purchase._id }, { $set: { paid: true } });
        const lines = tx.collection<SaleLineView>(SALES_LINES);
        const ref = eventRef(stored);
        // Inserted, not upserted: a purchase's lines are written once, when it is first paid (the `paid` flag
        // above), so the batch need not look each new id up and keep the line as an object until it ends.
        for (const [index, line] of purchase.lines.entries()) {
          await lines.insertOne({
            _id: `${purchase._id}:${index}`,
            uploaderId: line.uploaderId,
            purchaseId: purchase._id,
            documentId: line.documentId,
            title: line.title,
            slug: line.slug,
            price: line.price,
            vat: line.vat,
            licenceFee: line.licenceFee,
            serviceFee: line.serviceFee,
            uploaderEarnings: line.uploaderEarnings,
            paidAt: event.data.paidAt,
            day: ledgerDay(event.data.paidAt),
            releasedAt: earningsReleasedAt(event.data.paidAt),
            event: ref,
            sourceEventId: purchase.createdEventId ?? purchase.created?.eventId ?? '',
            positionKey: positionKey(stored.position),
          });
        }
        return;
      }
      case 'PurchaseFilesDownloaded': {
        const purchase = await purchases.findOne({ _id: event.data.purchaseId });
        const downloads = tx.collection<SaleDownloadView>(SALES_DOWNLOADS);
        const ref = eventRef(stored);
        for (const file of event.data.files) {
          const line = purchase?.lines.find((l) => l.documentId === file.documentId);
          await downloads.replaceOne(
            { _id: `${ref.eventId}:${file.fileId}` },
            {
              _id: `${ref.eventId}:${file.fileId}`,
              uploaderId: file.uploaderId,
              purchaseId: event.data.purchaseId,
              documentId: file.documentId,
              documentTitle: line?.title ?? '',
              fileId: file.fileId,
              fileTitle: line?.files.find((f) => f.fileId === file.fileId)?.title ?? '',
              uploaderEarnings: line?.uploaderEarnings ?? 0,
              archive: event.data.archive,
              downloadedAt: event.data.downloadedAt,
              day: ledgerDay(event.data.downloadedAt),
              event: ref,
              positionKey: positionKey(stored.position),
            },
            { upsert: true },
          );
        }
        return;
      }
      case 'PurchaseRefundCompleted': {
        const d = event.data;
        if (d.kind !== 'sale') return;
        const lines = tx.collection<SaleLineView>(SALES_LINES);
        const ref = eventRef(stored);
        const purchase = await purchases.findOne({ _id: d.purchaseId });
        for (const refunded of d.lines) {
          const index = purchase?.lines.findIndex((l) => l.documentId === refunded.documentId) ?? -1;
          const sale = await lines.findOne({ _id: `${d.purchaseId}:${index}` });
          if (!sale) continue;
          const releasedAt = sale.releasedAt > d.refundedAt ? sale.releasedAt : d.refundedAt;
          const id = `refund:${d.refundId}:${refunded.documentId}`;
          await lines.replaceOne(
            { _id: id },
            {
              _id: id,
              kind: 'refund',
              refundReason: d.reason,
              uploaderId: refunded.uploaderId,
              purchaseId: d.purchaseId,
              documentId: refunded.documentId,
              title: sale.title,
              slug: sale.slug,
              price: -refunded.price,
              vat: -refunded.vat,
              licenceFee: -refunded.licenceFee,
              serviceFee: -refunded.serviceFee,
              uploaderEarnings: -refunded.uploaderEarnings,
              paidAt: d.refundedAt,
              day: ledgerDay(stored.occurredAt),
              releasedAt,
              event: ref,
              sourceEventId: sale.event.eventId,
              positionKey: positionKey(stored.position),
            },
            { upsert: true },
          );
        }
        return;
      }
      case 'PurchaseCanceled':
        return;
    }
  }
}
