import type {
  PurchaseCanceled,
  PurchaseCreated,
  PurchasePaid,
  PurchasePaymentStarted,
  PurchaseLine,
} from '../../events/purchase.events';
import type { CreatePurchase, PurchaseCommand, PurchaseDocumentFacts } from '../purchase/purchase.decider';
import { ESTONIAN_VAT } from './vat.builders';
import { DEFAULT_FEE_RATES } from '../shared/fees';
import { BASKET_ID, OFFERED_METHODS, PURCHASE_ID, SWEDBANK } from './basket.builders';
import {
  type By,
  NOW,
  SYSTEM_ACTOR,
  UPLOADER_ID,
  aContext,
  minutesAfterNow,
} from './command-context.builders';

export { PURCHASE_ID };
export const TRANSACTION_ID = 'transaction-1';

/** The 12.40 € Tööleping with its two processed files. */
export function aPurchaseDocument(overrides: Partial<PurchaseDocumentFacts> = {}): PurchaseDocumentFacts {
  return {
    documentId: 'doc-employment',
    uploaderId: UPLOADER_ID,
    uploaderName: 'Kadri Tamm',
    files: [
      {
        fileId: 'file-main',
        title: 'Tööleping',
        format: 'docx',
        sizeKb: 46,
        pages: 7,
        blobKey: 'blobs/main',
      },
      { fileId: 'file-guide', title: 'Juhend', format: 'pdf', sizeKb: 284, pages: 5, blobKey: 'blobs/guide' },
    ],
    ...overrides,
  };
}

export const EMPLOYMENT_LINE: PurchaseLine = {
  documentId: 'doc-employment',
  slug: 'tooleping-doc-employment',
  title: 'Tööleping',
  uploaderId: UPLOADER_ID,
  uploaderName: 'Kadri Tamm',
  listPrice: 1240,
  price: 1240,
  vat: 240,
  licenceFee: 1000,
  serviceFee: 200,
  uploaderEarnings: 800,
  vatRate: 2400,
  serviceFeeRate: 2000,
  files: aPurchaseDocument().files,
};

export function createPurchase({
  by,
  at,
  ...data
}: Partial<CreatePurchase['data']> & By = {}): CreatePurchase {
  return {
    type: 'CreatePurchase',
    data: {
      purchaseId: PURCHASE_ID,
      basketId: BASKET_ID,
      confirmation: {
        payer: {
          email: 'mari.maasikas@example.ee',
          firstName: 'Mari',
          lastName: 'Maasikas',
          address: 'Tartu mnt 1, 10115 Tallinn',
          country: 'EE',
        },
        invoice: null,
        paymentMethod: SWEDBANK,
        paymentMethods: OFFERED_METHODS,
        language: 'et',
        buyerId: null,
        vat: ESTONIAN_VAT,
        total: 1240,
      },
      lines: [
        {
          documentId: 'doc-employment',
          slug: 'tooleping-doc-employment',
          title: 'Tööleping',
          price: 1240,
          vat: 240,
          licenceFee: 1000,
          serviceFee: 200,
        },
      ],
      documents: [aPurchaseDocument()],
      rates: DEFAULT_FEE_RATES,
      ...data,
    },
    context: aContext({ by: by ?? 'anonymous', at }),
  };
}

export function purchaseCreated(data: Partial<PurchaseCreated['data']> = {}): PurchaseCreated {
  return {
    type: 'PurchaseCreated',
    data: {
      purchaseId: PURCHASE_ID,
      basketId: BASKET_ID,
      buyerId: null,
      language: 'et',
      payer: {
        email: 'mari.maasikas@example.ee',
        firstName: 'Mari',
        lastName: 'Maasikas',
        address: 'Tartu mnt 1, 10115 Tallinn',
        country: 'EE',
      },
      invoice: null,
      paymentMethod: SWEDBANK,
      lines: [EMPLOYMENT_LINE],
      totals: { price: 1240, vat: 240, licenceFee: 1000, serviceFee: 200, uploaderEarnings: 800 },
      vat: ESTONIAN_VAT,
      activeUntil: minutesAfterNow(30).toISOString(),
      ...data,
    },
  };
}

export function paymentStarted(transactionId = TRANSACTION_ID): PurchasePaymentStarted {
  return {
    type: 'PurchasePaymentStarted',
    data: {
      purchaseId: PURCHASE_ID,
      provider: 'makecommerce',
      transactionId,
      paymentMethod: SWEDBANK,
      paymentUrl: `https://gateway.example/pay/${transactionId}`,
      startedAt: NOW.toISOString(),
    },
  };
}

export function purchasePaid(at: Date = minutesAfterNow(5)): PurchasePaid {
  return {
    type: 'PurchasePaid',
    data: {
      purchaseId: PURCHASE_ID,
      provider: 'makecommerce',
      transactionId: TRANSACTION_ID,
      amount: 1240,
      currency: 'EUR',
      paidAt: at.toISOString(),
      providerResponse: { status: 'COMPLETED' },
    },
  };
}

export function purchaseCanceled(
  reason: PurchaseCanceled['data']['reason'],
  at: Date = minutesAfterNow(5),
): PurchaseCanceled {
  return {
    type: 'PurchaseCanceled',
    data: {
      purchaseId: PURCHASE_ID,
      reason,
      canceledAt: at.toISOString(),
      providerResponse: reason === 'expired' ? null : { status: 'CANCELLED' },
    },
  };
}

/** A system command on the purchase at a time. */
export function onPurchase<C extends Exclude<PurchaseCommand, CreatePurchase>>(
  type: C['type'],
  data: Omit<C['data'], 'purchaseId'>,
  at: Date = minutesAfterNow(5),
): C {
  return {
    type,
    data: { purchaseId: PURCHASE_ID, ...data },
    context: { actorId: SYSTEM_ACTOR, now: at },
  } as C;
}
