import { purchaseNumber } from '../../domain/purchase/purchase-naming';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { countsTowardOssThreshold } from '../../domain/vat/vat-decision';
import type { StoredEvent } from '../../events/domain-event';
import type { InvoiceNumberAssigned, ReceiptNumberAssigned } from '../../events/invoice.events';
import type { PurchaseCreated, PurchasePaid } from '../../events/purchase.events';
import type { ProjectionTransaction } from '../../infrastructure/read-store/read-store.port';
import { eventRef, positionKey } from '../money/event-ref';
import type { Projection } from '../projection';
import {
  VAT_CROSS_BORDER,
  VAT_PENDING,
  VAT_SALES,
  type VatCrossBorderView,
  type VatPendingView,
  type VatSaleView,
} from './vat.read-model';

type Handled = PurchaseCreated | PurchasePaid | InvoiceNumberAssigned | ReceiptNumberAssigned;

const HANDLED: ReadonlySet<string> = new Set<Handled['type']>([
  'PurchaseCreated',
  'PurchasePaid',
  'InvoiceNumberAssigned',
  'ReceiptNumberAssigned',
]);

/** `2026-11-26` → `2026-Q4`. */
export const quarterOf = (day: string): string =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/**
 * The VAT read model: every paid purchase with its VAT treatment, dated like the ledger dates its
 * payment, for the Estonian VAT return (KMD) and the One-Stop Shop return; and each year's cross-border
 * sales to EU consumers, which the VAT decision reads for the EUR 10,000 threshold (Art. 59c).
 */
export class VatProjection implements Projection {
  readonly name = 'vat';
  readonly collections = [VAT_PENDING, VAT_SALES, VAT_CROSS_BORDER];
  readonly indexes: Projection['indexes'] = [
    { collection: VAT_SALES, keys: { day: 1, positionKey: 1 } },
    { collection: VAT_SALES, keys: { month: 1 } },
    { collection: VAT_SALES, keys: { quarter: 1 } },
  ];

  handles(eventType: string): boolean {
    return HANDLED.has(eventType);
  }

  async apply(tx: ProjectionTransaction, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as Handled;
    switch (event.type) {
      case 'PurchaseCreated': {
        const { purchaseId, vat, totals } = event.data;
        await tx.collection<VatPendingView>(VAT_PENDING).replaceOne(
          { _id: purchaseId },
          {
            _id: purchaseId,
            vat,
            taxableAmount: totals.licenceFee,
            vatAmount: totals.vat,
            total: totals.price,
            created: eventRef(stored),
          },
          { upsert: true },
        );
        return;
      }
      case 'PurchasePaid': {
        const sales = tx.collection<VatSaleView>(VAT_SALES);
        const { purchaseId } = event.data;
        if (await sales.findOne({ _id: purchaseId })) return;
        const pending = await tx.collection<VatPendingView>(VAT_PENDING).findOne({ _id: purchaseId });
        if (!pending) return;
        const day = ledgerDay(stored.occurredAt);
        const { vat } = pending;
        await sales.insertOne({
          _id: purchaseId,
          purchaseId,
          purchaseNumber: purchaseNumber(purchaseId),
          day,
          month: day.slice(0, 7),
          quarter: quarterOf(day),
          treatment: vat.treatment,
          reason: vat.reason,
          buyerCountry: vat.buyerCountry,
          vatCountry: vat.vatCountry,
          rate: vat.rate,
          taxableAmount: pending.taxableAmount,
          vatAmount: pending.vatAmount,
          total: pending.total,
          buyerVatNumber: vat.buyerVatNumber,
          viesConsultationNumber: vat.vies?.consultationNumber ?? null,
          documentNumber: null,
          documentKind: null,
          created: pending.created,
          paid: eventRef(stored),
          positionKey: positionKey(stored.position),
        });
        await tx.collection<VatPendingView>(VAT_PENDING).deleteOne({ _id: purchaseId });
        if (countsTowardOssThreshold(vat)) {
          const years = tx.collection<VatCrossBorderView>(VAT_CROSS_BORDER);
          const year = Number(day.slice(0, 4));
          const before = await years.findOne({ _id: String(year) });
          await years.replaceOne(
            { _id: String(year) },
            { _id: String(year), year, amount: (before?.amount ?? 0) + pending.taxableAmount },
            { upsert: true },
          );
        }
        return;
      }
      case 'InvoiceNumberAssigned':
      case 'ReceiptNumberAssigned': {
        const number =
          event.type === 'InvoiceNumberAssigned' ? event.data.invoiceNumber : event.data.receiptNumber;
        await tx.collection<VatSaleView>(VAT_SALES).updateOne(
          { _id: event.data.purchaseId },
          {
            $set: {
              documentNumber: number,
              documentKind: event.type === 'InvoiceNumberAssigned' ? 'invoice' : 'receipt',
            },
          },
        );
        return;
      }
    }
  }
}
