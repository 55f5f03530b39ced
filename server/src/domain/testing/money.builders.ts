import type { PayoutEvent, PayoutRequested } from '../../events/payout.events';
import type {
  PurchaseCreated,
  PurchaseLine,
  PurchasePaid,
  PurchaseTotals,
} from '../../events/purchase.events';
import type { ExecutePayout, RejectPayout, RequestPayout } from '../payout/payouts.decider';
import { TRANSFER_FEE_RULE } from '../payout/transfer-fee';
import { DEFAULT_FEE_RATES, splitPrice } from '../shared/fees';
import type { Cents } from '../shared/money';
import { ADMIN_ID } from './profile.builders';
import { ESTONIAN_VAT } from './vat.builders';
import { documentVat } from '../vat/document-vat';
import type { VatDecision } from '../vat/vat-decision';
import { type By, NOW, UPLOADER_ID, aContext } from './command-context.builders';

export const PAYOUT_ID = '0195f0c2-0000-7000-8000-00000000a001';
/** A payout file (batch) of the register. */
export const BATCH_ID = '0195f0c2-0000-7000-8000-00000000b001';
/** A valid Estonian IBAN (checksum correct) and the same account as people write it. */
export const EE_IBAN = 'EE382200221020145685';
export const EE_IBAN_AS_WRITTEN = 'ee38 2200 2210 2014 5685';

/** A purchase line for `price` cents, split at the default rates (the buying side's own function). */
export function aPurchaseLine(price: Cents, overrides: Partial<PurchaseLine> = {}): PurchaseLine {
  const split = splitPrice(price, DEFAULT_FEE_RATES);
  return {
    documentId: '0195f0c2-0000-7000-8000-0000000d0c01',
    slug: 'toeoeleping-0000000d0c01',
    title: 'Tööleping',
    uploaderId: UPLOADER_ID,
    uploaderName: 'Mari Maasikas',
    listPrice: price,
    ...split,
    vatRate: DEFAULT_FEE_RATES.vatRate,
    serviceFeeRate: DEFAULT_FEE_RATES.serviceFeeRate,
    files: [],
    ...overrides,
  };
}

export function totalsOf(lines: readonly PurchaseLine[]): PurchaseTotals {
  const sum = (pick: (l: PurchaseLine) => Cents) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    price: sum((l) => l.price),
    vat: sum((l) => l.vat),
    licenceFee: sum((l) => l.licenceFee),
    serviceFee: sum((l) => l.serviceFee),
    uploaderEarnings: sum((l) => l.uploaderEarnings),
  };
}

export function purchaseCreated(
  purchaseId: string,
  lines: readonly PurchaseLine[],
  at: Date = NOW,
): PurchaseCreated {
  return {
    type: 'PurchaseCreated',
    data: {
      purchaseId,
      basketId: purchaseId,
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
      totals: totalsOf(lines),
      vat: ESTONIAN_VAT,
      activeUntil: new Date(at.getTime() + 30 * 60_000).toISOString(),
    },
  };
}

/** The VAT decisions of the treatments, as a basket's confirmation decides them. */
export const VAT_TREATMENTS: Readonly<Record<string, VatDecision>> = {
  estonian: ESTONIAN_VAT,
  finnishConsumer: {
    ...ESTONIAN_VAT,
    treatment: 'oss',
    reason: 'eu-consumer',
    buyerCountry: 'FI',
    vatCountry: 'FI',
    rate: 2550,
  },
  germanConsumer: {
    ...ESTONIAN_VAT,
    treatment: 'oss',
    reason: 'eu-consumer',
    buyerCountry: 'DE',
    vatCountry: 'DE',
    rate: 1900,
  },
  finnishBelowThreshold: {
    ...ESTONIAN_VAT,
    reason: 'eu-consumer-below-threshold',
    buyerCountry: 'FI',
  },
  finnishCompany: {
    ...ESTONIAN_VAT,
    treatment: 'reverse-charge',
    reason: 'eu-business',
    buyerCountry: 'FI',
    vatCountry: null,
    rate: 0,
    buyerVatNumber: 'FI20774740',
  },
  britishBuyer: {
    ...ESTONIAN_VAT,
    treatment: 'outside-scope',
    reason: 'outside-eu',
    buyerCountry: 'GB',
    vatCountry: null,
    rate: 0,
  },
};

/** A purchase of `lines` (split at the default rates) taxed as `vat` decides, on the whole purchase. */
export function taxedPurchaseCreated(
  purchaseId: string,
  lines: readonly PurchaseLine[],
  vat: VatDecision,
  at: Date = NOW,
): PurchaseCreated {
  const amounts = documentVat(
    lines.map((l) => l.licenceFee),
    vat.rate,
  );
  const taxed = lines.map((line, i) => ({
    ...line,
    price: line.licenceFee + amounts.lineVat[i]!,
    vat: amounts.lineVat[i]!,
    vatRate: vat.rate,
  }));
  const created = purchaseCreated(purchaseId, taxed, at);
  return { ...created, data: { ...created.data, vat } };
}

export function purchasePaid(purchaseId: string, amount: Cents, at: Date = NOW): PurchasePaid {
  return {
    type: 'PurchasePaid',
    data: {
      purchaseId,
      provider: 'makecommerce',
      transactionId: `tx-${purchaseId}`,
      amount,
      currency: 'EUR',
      paidAt: at.toISOString(),
      providerResponse: {},
    },
  };
}

export function requestPayout({ by, at, ...data }: Partial<RequestPayout['data']> & By = {}): RequestPayout {
  return {
    type: 'RequestPayout',
    data: {
      payoutId: PAYOUT_ID,
      uploaderId: UPLOADER_ID,
      payee: { firstName: 'Mari', lastName: 'Maasikas' },
      iban: EE_IBAN,
      accountHolder: 'Mari Maasikas',
      accountHolderDeclared: true,
      amount: 20_000,
      releasedEarnings: 50_000,
      ...data,
    },
    context: aContext({ by: by ?? data.uploaderId ?? UPLOADER_ID, at }),
  };
}

/** The event a valid request decides: `amount` drawn, the fee by SPEC §9's rule on the available balance. */
export function payoutRequested(
  overrides: Partial<PayoutRequested['data']> & { amount?: Cents } = {},
): PayoutRequested {
  const amount = overrides.amount ?? 20_000;
  const availableBefore = overrides.availableBefore ?? 50_000;
  const transferFee = overrides.transferFee ?? (availableBefore <= 15_000 ? 3_000 : 0);
  return {
    type: 'PayoutRequested',
    data: {
      payoutId: PAYOUT_ID,
      uploaderId: UPLOADER_ID,
      payeeName: 'Mari Maasikas',
      iban: EE_IBAN,
      accountHolder: 'Mari Maasikas',
      accountHolderLatin: 'Mari Maasikas',
      accountHolderCheck: 'declared-by-uploader',
      amount,
      transferFee,
      netAmount: amount - transferFee,
      availableBefore,
      transferFeeRule: TRANSFER_FEE_RULE,
      requestedAt: NOW.toISOString(),
      ...overrides,
    },
  };
}

export function executePayout({
  by = ADMIN_ID,
  at,
  ...data
}: Partial<ExecutePayout['data']> & By = {}): ExecutePayout {
  return {
    type: 'ExecutePayout',
    data: {
      payoutId: PAYOUT_ID,
      uploaderId: UPLOADER_ID,
      executionDate: '2026-03-16',
      batchId: BATCH_ID,
      messageId: 'LTP-20260316-000001',
      ...data,
    },
    context: aContext({ by, at: at ?? new Date('2026-03-16T08:00:00.000Z') }),
  };
}

export function rejectPayout({
  by = ADMIN_ID,
  at,
  ...data
}: Partial<RejectPayout['data']> & By = {}): RejectPayout {
  return {
    type: 'RejectPayout',
    data: {
      payoutId: PAYOUT_ID,
      uploaderId: UPLOADER_ID,
      reason: 'The account is closed',
      batchId: null,
      messageId: null,
      ...data,
    },
    context: aContext({ by, at }),
  };
}

export function payoutExecuted(requested: PayoutRequested = payoutRequested()): PayoutEvent {
  return {
    type: 'PayoutExecuted',
    data: {
      payoutId: requested.data.payoutId,
      uploaderId: requested.data.uploaderId,
      netAmount: requested.data.netAmount,
      executionDate: '2026-03-16',
      batchId: BATCH_ID,
      messageId: 'LTP-20260316-000001',
      executedBy: ADMIN_ID,
      executedAt: '2026-03-16T08:00:00.000Z',
    },
  };
}
