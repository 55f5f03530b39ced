import { purchaseNumber } from '../../domain/purchase/purchase-naming';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { countsTowardOssThreshold } from '../../domain/vat/vat-decision';
import type { StoredEvent } from '../../events/domain-event';
import type {
  CreditNoteNumberAssigned,
  InvoiceNumberAssigned,
  ReceiptNumberAssigned,
  RefundReceiptNumberAssigned,
} from '../../events/invoice.events';
import type { PurchaseCreated, PurchasePaid, PurchaseRefundCompleted } from '../../events/purchase.events';
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

type Handled =
  | PurchaseCreated
  | PurchasePaid
  | PurchaseRefundCompleted
  | InvoiceNumberAssigned
  | ReceiptNumberAssigned
  | CreditNoteNumberAssigned
  | RefundReceiptNumberAssigned;

const HANDLED: ReadonlySet<string> = new Set<Handled['type']>([
  'PurchaseCreated',
  'PurchasePaid',
  'PurchaseRefundCompleted',
  'InvoiceNumberAssigned',
  'ReceiptNumberAssigned',
  'CreditNoteNumberAssigned',
  'RefundReceiptNumberAssigned',
]);

/** The VAT row of a refund: `refund:<refundId>`. */
export const refundVatRowId = (refundId: string): string => `refund:${refundId}`;

/** `2026-11-26` → `2026-Q4`. */
export const quarterOf = (day: string): string =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/**
 * The VAT read model: every paid purchase with its VAT treatment, dated like the ledger dates its
 * payment, for the Estonian VAT return (KMD) and the One-Stop Shop return; and each year's cross-border
 * sales to EU consumers, which the VAT decision reads for the EUR 10,000 threshold (Art. 59c). A completed
 * refund of a sale is a row of its own, dated by the refund, with the sale's treatment, country and rate and
 * the refunded lines' taxable amount and VAT negative, so the returns of the refund's period net it.
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
        // Free templates are no supply for consideration: on no return (vat-decision.ts).
        if (totals.price === 0) return;
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
      case 'PurchaseRefundCompleted': {
        const d = event.data;
        if (d.kind !== 'sale') return;
        const sales = tx.collection<VatSaleView>(VAT_SALES);
        const id = refundVatRowId(d.refundId);
        if (await sales.findOne({ _id: id })) return;
        const sale = await sales.findOne({ _id: d.purchaseId });
        if (!sale) return;
        const day = ledgerDay(stored.occurredAt);
        const taxableAmount = d.lines.reduce((sum, l) => sum + l.licenceFee, 0);
        await sales.insertOne({
          ...sale,
          _id: id,
          day,
          month: day.slice(0, 7),
          quarter: quarterOf(day),
          taxableAmount: -taxableAmount,
          vatAmount: -d.lines.reduce((sum, l) => sum + l.vat, 0),
          total: -d.amount,
          documentNumber: null,
          documentKind: null,
          refundId: d.refundId,
          correctsDocumentNumber: sale.documentNumber,
          paid: eventRef(stored),
          positionKey: positionKey(stored.position),
        });
        return;
      }
      case 'CreditNoteNumberAssigned':
      case 'RefundReceiptNumberAssigned':
        await tx.collection<VatSaleView>(VAT_SALES).updateOne(
          { _id: refundVatRowId(event.data.refundId) },
          {
            $set:
              event.type === 'CreditNoteNumberAssigned'
                ? { documentNumber: event.data.creditNoteNumber, documentKind: 'credit-note' }
                : { documentNumber: event.data.refundReceiptNumber, documentKind: 'refund-receipt' },
          },
        );
        return;
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
