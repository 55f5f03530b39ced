import { documentVat } from '../../server/src/domain/vat/document-vat';
import { randomUUID } from 'node:crypto';
import { DEFAULT_FEE_RATES, splitPrice } from '../../server/src/domain/shared/fees';
import type { EventStore, NewEvent } from '../../server/src/infrastructure/event-store/event-store.port';
import type {
  PurchaseAccessKeyIssued,
  PurchaseCreated,
  PurchaseFilesDownloaded,
  PurchaseLine,
  PurchasePaid,
} from '../../server/src/events/purchase.events';
import { purchaseStreamId } from '../../server/src/events/purchase.events';

/** A document sold in a test purchase: whose, what, and for how much (VAT included). */
export interface SoldDocument {
  readonly uploaderId: string;
  readonly price: number;
  readonly title?: string;
  readonly documentId?: string;
}

export interface WrittenPurchase {
  readonly purchaseId: string;
  readonly lines: readonly PurchaseLine[];
  readonly price: number;
}

const DAY_MS = 86_400_000;

/**
 * Writes a purchase's facts straight to the event store, exactly as the buying side records them
 * (PurchaseCreated with the fee split of domain/shared/fees.ts, then PurchasePaid, optionally a download):
 * a faithful fixture for money tests until they can buy through the payment gateway.
 */
export async function writePurchase(
  eventStore: EventStore,
  documents: readonly SoldDocument[],
  options: {
    paidAt?: Date;
    paid?: boolean;
    downloaded?: boolean;
    linesOverride?: PurchaseLine[];
    /** Gives the purchase the buyer's access key named so (the key: PurchaseLinks.accessKey). */
    accessKeyId?: string;
  } = {},
): Promise<WrittenPurchase> {
  const purchaseId = randomUUID();
  const paidAt = options.paidAt ?? new Date(Date.now() - 30 * DAY_MS);
  const createdAt = new Date(paidAt.getTime() - 5 * 60_000);
  // The VAT of an Estonian buyer on the whole purchase, each line with its share (domain/vat/document-vat.ts).
  const splits = documents.map((d) => splitPrice(d.price, DEFAULT_FEE_RATES));
  const shares = documentVat(
    splits.map((split) => split.licenceFee),
    DEFAULT_FEE_RATES.vatRate,
  ).lineVat;
  const lines: PurchaseLine[] =
    options.linesOverride ??
    documents.map((d, index) => {
      const documentId = d.documentId ?? randomUUID();
      const split = splits[index]!;
      return {
        documentId,
        slug: `dokument-${documentId.slice(-12)}`,
        title: d.title ?? `Dokument ${index + 1}`,
        uploaderId: d.uploaderId,
        uploaderName: 'Test Uploader',
        ...split,
        listPrice: d.price,
        price: split.licenceFee + shares[index]!,
        vat: shares[index]!,
        vatRate: DEFAULT_FEE_RATES.vatRate,
        serviceFeeRate: DEFAULT_FEE_RATES.serviceFeeRate,
        files: [
          {
            fileId: randomUUID(),
            title: `${d.title ?? 'Dokument'} (põhifail)`,
            format: 'docx',
            sizeKb: 40,
            pages: 3,
            blobKey: null,
          },
        ],
      };
    });
  const sum = (pick: (l: PurchaseLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const created: PurchaseCreated['data'] = {
    purchaseId,
    basketId: randomUUID(),
    buyerId: null,
    language: 'et',
    payer: {
      email: 'ostja@example.ee',
      firstName: 'Peeter',
      lastName: 'Ostja',
      address: 'Tallinn',
      country: 'EE',
    },
    invoice: null,
    paymentMethod: 'swedbank',
    lines,
    vat: {
      treatment: 'domestic',
      reason: 'estonian-buyer',
      buyerCountry: 'EE',
      vatCountry: 'EE',
      rate: DEFAULT_FEE_RATES.vatRate,
      buyerVatNumber: null,
      evidence: [
        { kind: 'billing-address', country: 'EE', detail: null },
        { kind: 'payment-method', country: 'EE', detail: 'banklink:ee:swedbank' },
      ],
      vies: null,
      crossBorderSales: null,
      day: paidAt.toISOString().slice(0, 10),
    },
    totals: {
      price: sum((l) => l.price),
      vat: sum((l) => l.vat),
      licenceFee: sum((l) => l.licenceFee),
      serviceFee: sum((l) => l.serviceFee),
      uploaderEarnings: sum((l) => l.uploaderEarnings),
    },
    activeUntil: new Date(createdAt.getTime() + 30 * 60_000).toISOString(),
  };
  const events: NewEvent[] = [event<PurchaseCreated>('PurchaseCreated', created, createdAt)];
  if (options.accessKeyId) {
    const issued: PurchaseAccessKeyIssued['data'] = {
      purchaseId,
      keyId: options.accessKeyId,
      reason: 'checkout',
      issuedAt: createdAt.toISOString(),
    };
    events.push(event<PurchaseAccessKeyIssued>('PurchaseAccessKeyIssued', issued, createdAt));
  }
  if (options.paid !== false) {
    const paid: PurchasePaid['data'] = {
      purchaseId,
      provider: 'makecommerce',
      transactionId: randomUUID(),
      amount: created.totals.price,
      currency: 'EUR',
      paidAt: paidAt.toISOString(),
      providerResponse: { status: 'COMPLETED' },
    };
    events.push(event<PurchasePaid>('PurchasePaid', paid, paidAt, 'system'));
    if (options.downloaded) {
      const at = new Date(paidAt.getTime() + 60_000);
      const downloaded: PurchaseFilesDownloaded['data'] = {
        purchaseId,
        archive: false,
        files: lines.map((l) => ({
          documentId: l.documentId,
          fileId: l.files[0]!.fileId,
          uploaderId: l.uploaderId,
        })),
        downloadedAt: at.toISOString(),
      };
      events.push(event<PurchaseFilesDownloaded>('PurchaseFilesDownloaded', downloaded, at));
    }
  }
  await eventStore.append(purchaseStreamId(purchaseId), events, 'no_stream');
  return { purchaseId, lines, price: created.totals.price };
}

function event<E extends { type: string; data: object }>(
  type: E['type'],
  data: E['data'],
  at: Date,
  actorId = 'visitor',
): NewEvent {
  return {
    id: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { occurredAt: at.toISOString(), actorId },
  };
}

/** The price whose uploader earnings are exactly `earnings` cents, if there is one (searching upwards). */
export function priceEarning(earnings: number): number {
  for (let price = Math.floor(earnings * 1.5); price <= 100_000; price++) {
    if (splitPrice(price, DEFAULT_FEE_RATES).uploaderEarnings === earnings) return price;
  }
  throw new Error(`No price earns exactly ${earnings} cents`);
}
