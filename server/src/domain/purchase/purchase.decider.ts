import type {
  InvoiceRequest,
  Payer,
  PurchaseCanceled,
  PurchaseEvent,
  PurchaseLine,
  PurchaseRefundDeferred,
  PurchaseRefundCompleted,
  PurchaseRefundFailed,
  PurchaseTotals,
  PurchasedFile,
  RefundedLine,
} from '../../events/purchase.events';
import type { BasketConfirmation, BasketLineState } from '../basket/basket.decider';
import type { DocumentState } from '../catalogue/document.decider';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError } from '../shared/domain-error';
import type { FeeRates } from '../shared/fees';
import type { Cents } from '../shared/money';
import type { VatDecision } from '../vat/vat-decision';
import { basketAmounts } from '../basket/basket.decider';

/** MakeCommerce keeps a transaction payable for 30 minutes; an unpaid purchase expires with it. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** SPEC §9: purchased file links are available about 24 hours. */
export const DOWNLOAD_LINKS_VALIDITY_MS = 24 * 60 * 60 * 1000;

export type PurchaseStatus = 'pending' | 'paid' | 'canceled';

/** Longest reason an admin may give for a refund (MakeCommerce shows it as the refund's comment). */
export const REFUND_REASON_MAX_LENGTH = 500;

/** A refund of the purchase as its events tell it. */
export interface RefundState {
  readonly refundId: string;
  readonly kind: 'sale' | 'payment-due';
  readonly transactionId: string;
  readonly amount: Cents;
  readonly refundedBefore: Cents;
  readonly lines: readonly RefundedLine[];
  readonly whole: boolean;
  readonly reason: string;
  /** requested (also while deferred) → completed | failed. */
  readonly status: 'requested' | 'completed' | 'failed';
  readonly deferred: PurchaseRefundDeferred['data']['reason'] | null;
  readonly noticeSent: boolean;
}

export type PurchaseState =
  | { readonly status: 'none' }
  | {
      readonly status: PurchaseStatus;
      readonly purchaseId: string;
      readonly basketId: string;
      readonly buyerId: string | null;
      readonly language: 'et' | 'en';
      readonly payer: Payer;
      readonly invoice: InvoiceRequest | null;
      readonly paymentMethod: string;
      readonly lines: readonly PurchaseLine[];
      readonly vat: VatDecision;
      readonly total: Cents;
      readonly activeUntil: string;
      readonly transactionIds: readonly string[];
      /** The page of the latest payment started at the gateway. */
      readonly paymentUrl: string | null;
      readonly paidAt: string | null;
      /** Until when the download links work; set when paid, moved on by renewals. */
      readonly linksValidUntil: string | null;
      readonly confirmationSent: boolean;
      /** Names the buyer's current access key (PurchaseAccessKeyIssued); null before the first one. */
      readonly accessKeyId: string | null;
      /** Why an ended purchase ended; null while it has not. */
      readonly cancelReason: PurchaseCanceled['data']['reason'] | 'superseded' | null;
      /** The transaction that paid the purchase (null until paid). */
      readonly paidTransactionId: string | null;
      /** Payments the shop owes back (PurchaseRefundDue), by transaction, with what each paid. */
      readonly refundDueTransactionIds: readonly string[];
      readonly refundDueAmounts: Readonly<Record<string, Cents>>;
      /** Every refund asked for, oldest first. */
      readonly refunds: readonly RefundState[];
    };

export const initialPurchaseState: PurchaseState = { status: 'none' };

/** What a purchase copies of one document, from the document's own stream and its uploader's profile. */
export interface PurchaseDocumentFacts {
  readonly documentId: string;
  readonly uploaderId: string;
  readonly uploaderName: string;
  /** The processed files, each with its blob key (the buyer downloads these). */
  readonly files: readonly PurchasedFile[];
}

/** A document's facts for a purchase: its uploader and its processed files. Null when there is no such document. */
export function purchaseDocumentFacts(
  documentId: string,
  state: DocumentState,
  uploaderName: string,
): PurchaseDocumentFacts | null {
  if (state.status === 'none') return null;
  return {
    documentId,
    uploaderId: state.uploaderId,
    uploaderName,
    files: state.files
      .filter((f) => f.state === 'done')
      .map(({ fileId, title, format, sizeKb, pages, blobKey }) => ({
        fileId,
        title,
        format,
        sizeKb,
        pages,
        blobKey,
      })),
  };
}

/** "Go pay" on a confirmed basket: the purchase copies the basket's lines and confirmation. */
export type CreatePurchase = DomainCommand<
  'CreatePurchase',
  {
    readonly purchaseId: string;
    readonly basketId: string;
    readonly confirmation: BasketConfirmation | null;
    readonly lines: readonly BasketLineState[];
    readonly documents: readonly (PurchaseDocumentFacts | null)[];
    /** The rates the lines were split with (the basket checked they are the ones in force). */
    readonly rates: FeeRates;
  }
>;

/** The gateway created a transaction for the purchase; the buyer goes to pay there. */
export type StartPayment = DomainCommand<
  'StartPayment',
  {
    readonly purchaseId: string;
    readonly provider: string;
    readonly transactionId: string;
    readonly paymentMethod: string;
    readonly paymentUrl: string;
  }
>;

/** The gateway confirmed a completed payment (the message's MAC held and the transaction was read back). */
export type RecordPayment = DomainCommand<
  'RecordPayment',
  {
    readonly purchaseId: string;
    readonly provider: string;
    readonly transactionId: string;
    readonly amount: Cents;
    readonly currency: string;
    readonly providerResponse: Readonly<Record<string, unknown>>;
  }
>;

/** The gateway said the payment did not happen: the buyer cancelled, or it failed, or it expired there. */
export type RecordPaymentFailure = DomainCommand<
  'RecordPaymentFailure',
  {
    readonly purchaseId: string;
    readonly reason: PurchaseCanceled['data']['reason'];
    readonly providerResponse: Readonly<Record<string, unknown>> | null;
  }
>;

/** Our own clock: an unpaid purchase past its 30 minutes is cancelled as expired. */
export type ExpirePurchase = DomainCommand<'ExpirePurchase', { readonly purchaseId: string }>;

/**
 * The buyer's access key for the purchase (the checkout's): `keyId` is random, chosen by the caller. Once a
 * purchase has a key this changes nothing; "fresh links" replace it (RenewDownloadLinks).
 */
export type IssueAccessKey = DomainCommand<
  'IssueAccessKey',
  { readonly purchaseId: string; readonly keyId: string }
>;

/** The basket checked out again (`supersededBy`): this purchase, while unpaid, ends. */
export type SupersedePurchase = DomainCommand<
  'SupersedePurchase',
  { readonly purchaseId: string; readonly supersededBy: string }
>;

/** The buyer downloads one file (`fileId`) or the zip of all (`fileId` null). */
export type RecordDownload = DomainCommand<
  'RecordDownload',
  { readonly purchaseId: string; readonly fileId: string | null }
>;

/** The buyer asked for fresh download links: they come with a new access key (`keyId`), the old one stops. */
export type RenewDownloadLinks = DomainCommand<
  'RenewDownloadLinks',
  { readonly purchaseId: string; readonly keyId: string }
>;

/** The purchase confirmation mail went out. */
export type RecordConfirmationSent = DomainCommand<'RecordConfirmationSent', { readonly purchaseId: string }>;

/**
 * An admin gives money back: `documentIds` of the paid purchase (some or all), or the payment owed back
 * by `transactionId` (a PurchaseRefundDue). `refundId` is chosen by the caller (a new UUID).
 */
export type RequestRefund = DomainCommand<
  'RequestRefund',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly documentIds: readonly string[] | null;
    readonly transactionId: string | null;
    readonly reason: string;
  }
>;

/** The gateway took the refund (or a retry found it taken). */
export type CompleteRefund = DomainCommand<
  'CompleteRefund',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly gatewayRefundId: string | null;
    readonly gatewayStatus: PurchaseRefundCompleted['data']['gatewayStatus'];
    readonly refundedAt: Date;
    readonly providerResponse: Readonly<Record<string, unknown>> | null;
  }
>;

/** The gateway refused the refund. */
export type FailRefund = DomainCommand<
  'FailRefund',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly reason: PurchaseRefundFailed['data']['reason'];
    readonly message: string;
    readonly gatewayCode: number | null;
  }
>;

/** The refund must be tried again later (still processing at the gateway, or no answer). */
export type DeferRefund = DomainCommand<
  'DeferRefund',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly reason: PurchaseRefundDeferred['data']['reason'];
    readonly message: string;
  }
>;

/** The buyer's refund mail went out. */
export type RecordRefundNoticeSent = DomainCommand<
  'RecordRefundNoticeSent',
  { readonly purchaseId: string; readonly refundId: string }
>;

export type PurchaseCommand =
  | CreatePurchase
  | StartPayment
  | RecordPayment
  | RecordPaymentFailure
  | ExpirePurchase
  | RecordDownload
  | RenewDownloadLinks
  | RecordConfirmationSent
  | IssueAccessKey
  | SupersedePurchase
  | RequestRefund
  | CompleteRefund
  | FailRefund
  | DeferRefund
  | RecordRefundNoticeSent;

type Existing = Exclude<PurchaseState, { status: 'none' }>;

function existing(state: PurchaseState): Existing {
  if (state.status === 'none') throw new DomainError('PURCHASE.NOT_FOUND');
  return state;
}

const sum = (lines: readonly PurchaseLine[], pick: (line: PurchaseLine) => Cents): Cents =>
  lines.reduce((total, line) => total + pick(line), 0);

export function purchaseTotals(lines: readonly PurchaseLine[]): PurchaseTotals {
  return {
    price: sum(lines, (l) => l.price),
    vat: sum(lines, (l) => l.vat),
    licenceFee: sum(lines, (l) => l.licenceFee),
    serviceFee: sum(lines, (l) => l.serviceFee),
    uploaderEarnings: sum(lines, (l) => l.uploaderEarnings),
  };
}

/** An unpaid purchase past its payment window. */
export function isPurchaseExpired(state: PurchaseState, now: Date): boolean {
  return state.status === 'pending' && now.getTime() >= Date.parse(state.activeUntil);
}

function create({ data, context }: CreatePurchase, state: PurchaseState): PurchaseEvent[] {
  if (state.status !== 'none') {
    if (state.basketId === data.basketId) return [];
    throw new DomainError('PURCHASE.ALREADY_EXISTS');
  }
  const { confirmation } = data;
  if (confirmation === null) throw new DomainError('SHOPPING_CART.NOT_CONFIRMED');
  if (data.lines.length === 0) throw new DomainError('SHOPPING_CART.BASKET_EMPTY');
  const { vat } = confirmation;
  // The VAT is the whole purchase's (taxable amount × rate); each line gets its share of it.
  const amounts = basketAmounts(data.lines, vat.rate);
  if (amounts.total !== confirmation.total) throw new DomainError('SHOPPING_CART.PRICES_CHANGED');
  const lines: PurchaseLine[] = data.lines.map((line, index) => {
    const document = data.documents.find((d) => d?.documentId === line.documentId);
    if (!document) throw new DomainError('DOCUMENT.NOT_FOUND');
    const lineVat = amounts.lineVat[index]!;
    return {
      documentId: line.documentId,
      slug: line.slug,
      title: line.title,
      uploaderId: document.uploaderId,
      uploaderName: document.uploaderName,
      listPrice: line.price,
      price: line.licenceFee + lineVat,
      vat: lineVat,
      licenceFee: line.licenceFee,
      serviceFee: line.serviceFee,
      uploaderEarnings: line.licenceFee - line.serviceFee,
      vatRate: vat.rate,
      serviceFeeRate: data.rates.serviceFeeRate,
      files: document.files,
    };
  });
  return [
    {
      type: 'PurchaseCreated',
      data: {
        purchaseId: data.purchaseId,
        basketId: data.basketId,
        buyerId: confirmation.buyerId,
        language: confirmation.language,
        payer: confirmation.payer,
        invoice: confirmation.invoice,
        paymentMethod: confirmation.paymentMethod,
        lines,
        totals: purchaseTotals(lines),
        vat,
        activeUntil: new Date(context.now.getTime() + PAYMENT_WINDOW_MS).toISOString(),
      },
    },
  ];
}

function startPayment({ data, context }: StartPayment, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.transactionIds.includes(data.transactionId)) return [];
  if (purchase.status !== 'pending' || isPurchaseExpired(purchase, context.now)) {
    throw new DomainError('PURCHASE.NOT_PAYABLE');
  }
  return [{ type: 'PurchasePaymentStarted', data: { ...data, startedAt: context.now.toISOString() } }];
}

/**
 * Paid once: a repeated message (the browser's return and the server notification) changes nothing.
 * Money that arrives for a purchase that already ended (superseded by a newer checkout, cancelled,
 * expired), or a second payment by another transaction, is recorded as owed back (PurchaseRefundDue) and
 * never delivered: one basket, one payment. Nothing ever moves a paid purchase back.
 */
function recordPayment({ data, context }: RecordPayment, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.status !== 'pending') {
    if (purchase.status === 'paid' && purchase.paidTransactionId === data.transactionId) return [];
    if (purchase.refundDueTransactionIds.includes(data.transactionId)) return [];
    return [
      {
        type: 'PurchaseRefundDue',
        data: {
          purchaseId: data.purchaseId,
          reason:
            purchase.status === 'paid'
              ? 'already-paid'
              : purchase.cancelReason === 'superseded'
                ? 'superseded'
                : 'canceled',
          provider: data.provider,
          transactionId: data.transactionId,
          amount: data.amount,
          currency: data.currency,
          paidAt: context.now.toISOString(),
          providerResponse: data.providerResponse,
        },
      },
    ];
  }
  if (data.currency !== 'EUR' || data.amount !== purchase.total) {
    throw new DomainError('PAYMENT.AMOUNT_MISMATCH');
  }
  return [
    {
      type: 'PurchasePaid',
      data: {
        purchaseId: data.purchaseId,
        provider: data.provider,
        transactionId: data.transactionId,
        amount: data.amount,
        currency: 'EUR',
        paidAt: context.now.toISOString(),
        providerResponse: data.providerResponse,
      },
    },
  ];
}

function recordFailure({ data, context }: RecordPaymentFailure, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.status !== 'pending') return [];
  return [
    {
      type: 'PurchaseCanceled',
      data: {
        purchaseId: data.purchaseId,
        reason: data.reason,
        canceledAt: context.now.toISOString(),
        providerResponse: data.providerResponse,
      },
    },
  ];
}

function expire({ data, context }: ExpirePurchase, state: PurchaseState): PurchaseEvent[] {
  if (!isPurchaseExpired(state, context.now)) return [];
  return [
    {
      type: 'PurchaseCanceled',
      data: {
        purchaseId: data.purchaseId,
        reason: 'expired',
        canceledAt: context.now.toISOString(),
        providerResponse: null,
      },
    },
  ];
}

/** A paid purchase whose links still work; else PURCHASE.NOT_PAID or PURCHASE.LINKS_EXPIRED. */
function downloadable(state: PurchaseState, now: Date): Existing {
  const purchase = existing(state);
  if (purchase.status !== 'paid') throw new DomainError('PURCHASE.NOT_PAID');
  if (purchase.linksValidUntil === null || now.getTime() >= Date.parse(purchase.linksValidUntil)) {
    throw new DomainError('PURCHASE.LINKS_EXPIRED');
  }
  return purchase;
}

/**
 * The documents whose money is given back or on its way back (a refund requested, deferred or completed):
 * their files are no longer the buyer's. A failed refund gives them back.
 */
export function refundedDocumentIds(state: PurchaseState): ReadonlySet<string> {
  if (state.status === 'none') return new Set();
  return new Set(
    state.refunds
      .filter((r) => r.kind === 'sale' && r.status !== 'failed')
      .flatMap((r) => r.lines.map((l) => l.documentId)),
  );
}

function recordDownload({ data, context }: RecordDownload, state: PurchaseState): PurchaseEvent[] {
  const purchase = downloadable(state, context.now);
  const refunded = refundedDocumentIds(purchase);
  if (refunded.size === purchase.lines.length) throw new DomainError('PURCHASE.REFUNDED');
  const files = purchase.lines
    .filter((line) => !refunded.has(line.documentId))
    .flatMap((line) =>
      line.files
        .filter((f) => f.blobKey !== null && (data.fileId === null || f.fileId === data.fileId))
        .map((f) => ({ documentId: line.documentId, fileId: f.fileId, uploaderId: line.uploaderId })),
    );
  if (files.length === 0) {
    const ofRefunded = purchase.lines.some(
      (line) => refunded.has(line.documentId) && line.files.some((f) => f.fileId === data.fileId),
    );
    throw new DomainError(ofRefunded ? 'PURCHASE.REFUNDED' : 'FILE.NOT_FOUND');
  }
  return [
    {
      type: 'PurchaseFilesDownloaded',
      data: {
        purchaseId: data.purchaseId,
        archive: data.fileId === null,
        files,
        downloadedAt: context.now.toISOString(),
      },
    },
  ];
}

function renewLinks({ data, context }: RenewDownloadLinks, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.status !== 'paid') throw new DomainError('PURCHASE.NOT_PAID');
  // Nothing left to download once every document's money went back.
  if (refundedDocumentIds(purchase).size === purchase.lines.length)
    throw new DomainError('PURCHASE.REFUNDED');
  const at = context.now.toISOString();
  return [
    {
      type: 'PurchaseLinksRenewed',
      data: {
        purchaseId: data.purchaseId,
        renewedAt: at,
        linksValidUntil: new Date(context.now.getTime() + DOWNLOAD_LINKS_VALIDITY_MS).toISOString(),
      },
    },
    {
      type: 'PurchaseAccessKeyIssued',
      data: { purchaseId: data.purchaseId, keyId: data.keyId, reason: 'fresh-links', issuedAt: at },
    },
  ];
}

function issueAccessKey({ data, context }: IssueAccessKey, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.accessKeyId !== null) return [];
  return [
    {
      type: 'PurchaseAccessKeyIssued',
      data: {
        purchaseId: data.purchaseId,
        keyId: data.keyId,
        reason: 'checkout',
        issuedAt: context.now.toISOString(),
      },
    },
  ];
}

/** Only an unpaid purchase ends; a paid or ended one stays as it is (the caller reads which). */
function supersede({ data, context }: SupersedePurchase, state: PurchaseState): PurchaseEvent[] {
  if (state.status !== 'pending') return [];
  return [
    {
      type: 'PurchaseSuperseded',
      data: {
        purchaseId: data.purchaseId,
        supersededBy: data.supersededBy,
        supersededAt: context.now.toISOString(),
      },
    },
  ];
}

function recordConfirmationSent(
  { data, context }: RecordConfirmationSent,
  state: PurchaseState,
): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.status !== 'paid' || purchase.confirmationSent) return [];
  return [{ type: 'PurchaseConfirmationSent', data: { ...data, sentAt: context.now.toISOString() } }];
}

const openRefund = (purchase: Existing): RefundState | undefined =>
  purchase.refunds.find((r) => r.status === 'requested');

function refundOf(purchase: Existing, refundId: string): RefundState {
  const refund = purchase.refunds.find((r) => r.refundId === refundId);
  if (!refund) throw new DomainError('REFUND.NOT_FOUND');
  return refund;
}

/** What has been given back of a transaction so far (completed refunds). */
function refundedOf(purchase: Existing, transactionId: string): Cents {
  return purchase.refunds
    .filter((r) => r.transactionId === transactionId && r.status === 'completed')
    .reduce((total, r) => total + r.amount, 0);
}

/**
 * Money goes back once: a document already refunded (or with a refund on its way) cannot be refunded
 * again, and a purchase has one refund at a time at the gateway, so that an unanswered call can be checked
 * against the transaction's refunded amount before it is asked again.
 */
function requestRefund({ data, context }: RequestRefund, state: PurchaseState): PurchaseEvent[] {
  const purchase = existing(state);
  if (purchase.refunds.some((r) => r.refundId === data.refundId)) return [];
  const reason = data.reason.trim();
  if (reason === '') throw new DomainError('REFUND.REASON_REQUIRED');
  if (reason.length > REFUND_REASON_MAX_LENGTH) throw new DomainError('REFUND.REASON_TOO_LONG');
  if (openRefund(purchase)) throw new DomainError('REFUND.IN_PROGRESS');
  const common = {
    purchaseId: data.purchaseId,
    refundId: data.refundId,
    reason,
    requestedAt: context.now.toISOString(),
  };
  if (data.transactionId !== null && data.documentIds === null) {
    const amount = purchase.refundDueAmounts[data.transactionId];
    if (amount === undefined) throw new DomainError('REFUND.NOT_DUE');
    if (refundedOf(purchase, data.transactionId) > 0) throw new DomainError('REFUND.ALREADY_REFUNDED');
    return [
      {
        type: 'PurchaseRefundRequested',
        data: {
          ...common,
          kind: 'payment-due',
          transactionId: data.transactionId,
          amount,
          refundedBefore: 0,
          lines: [],
          whole: true,
        },
      },
    ];
  }
  if (purchase.status !== 'paid' || purchase.paidTransactionId === null)
    throw new DomainError('PURCHASE.NOT_PAID');
  const refunded = refundedDocumentIds(purchase);
  const wanted =
    data.documentIds ?? purchase.lines.map((l) => l.documentId).filter((id) => !refunded.has(id));
  if (wanted.length === 0) throw new DomainError('REFUND.ALREADY_REFUNDED');
  if (new Set(wanted).size !== wanted.length) throw new DomainError('REFUND.DOCUMENT_NOT_IN_PURCHASE');
  const lines: RefundedLine[] = wanted.map((documentId) => {
    const line = purchase.lines.find((l) => l.documentId === documentId);
    if (!line) throw new DomainError('REFUND.DOCUMENT_NOT_IN_PURCHASE');
    if (refunded.has(documentId)) throw new DomainError('REFUND.ALREADY_REFUNDED');
    const { title, uploaderId, price, vat, licenceFee, serviceFee, uploaderEarnings } = line;
    return { documentId, title, uploaderId, price, vat, licenceFee, serviceFee, uploaderEarnings };
  });
  return [
    {
      type: 'PurchaseRefundRequested',
      data: {
        ...common,
        kind: 'sale',
        transactionId: purchase.paidTransactionId,
        amount: lines.reduce((total, l) => total + l.price, 0),
        refundedBefore: refundedOf(purchase, purchase.paidTransactionId),
        lines,
        whole: refunded.size + lines.length === purchase.lines.length,
      },
    },
  ];
}

function completeRefund({ data }: CompleteRefund, state: PurchaseState): PurchaseEvent[] {
  const refund = refundOf(existing(state), data.refundId);
  if (refund.status !== 'requested') return [];
  return [
    {
      type: 'PurchaseRefundCompleted',
      data: {
        purchaseId: data.purchaseId,
        refundId: data.refundId,
        kind: refund.kind,
        transactionId: refund.transactionId,
        amount: refund.amount,
        lines: refund.lines,
        reason: refund.reason,
        gatewayRefundId: data.gatewayRefundId,
        gatewayStatus: data.gatewayStatus,
        refundedAt: data.refundedAt.toISOString(),
        providerResponse: data.providerResponse,
      },
    },
  ];
}

function failRefund({ data, context }: FailRefund, state: PurchaseState): PurchaseEvent[] {
  const refund = refundOf(existing(state), data.refundId);
  if (refund.status !== 'requested') return [];
  return [
    {
      type: 'PurchaseRefundFailed',
      data: {
        purchaseId: data.purchaseId,
        refundId: data.refundId,
        reason: data.reason,
        message: data.message,
        gatewayCode: data.gatewayCode,
        failedAt: context.now.toISOString(),
      },
    },
  ];
}

function deferRefund({ data, context }: DeferRefund, state: PurchaseState): PurchaseEvent[] {
  const refund = refundOf(existing(state), data.refundId);
  if (refund.status !== 'requested' || refund.deferred === data.reason) return [];
  return [
    {
      type: 'PurchaseRefundDeferred',
      data: {
        purchaseId: data.purchaseId,
        refundId: data.refundId,
        reason: data.reason,
        message: data.message,
        deferredAt: context.now.toISOString(),
      },
    },
  ];
}

function recordRefundNoticeSent(
  { data, context }: RecordRefundNoticeSent,
  state: PurchaseState,
): PurchaseEvent[] {
  const refund = refundOf(existing(state), data.refundId);
  if (refund.status !== 'completed' || refund.noticeSent) return [];
  return [{ type: 'PurchaseRefundNoticeSent', data: { ...data, sentAt: context.now.toISOString() } }];
}

/** Decides what happens to a purchase. Pure: the time comes in the command's context. */
export function decidePurchase(command: PurchaseCommand, state: PurchaseState): PurchaseEvent[] {
  switch (command.type) {
    case 'CreatePurchase':
      return create(command, state);
    case 'StartPayment':
      return startPayment(command, state);
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'RecordPaymentFailure':
      return recordFailure(command, state);
    case 'ExpirePurchase':
      return expire(command, state);
    case 'RecordDownload':
      return recordDownload(command, state);
    case 'RenewDownloadLinks':
      return renewLinks(command, state);
    case 'RecordConfirmationSent':
      return recordConfirmationSent(command, state);
    case 'IssueAccessKey':
      return issueAccessKey(command, state);
    case 'SupersedePurchase':
      return supersede(command, state);
    case 'RequestRefund':
      return requestRefund(command, state);
    case 'CompleteRefund':
      return completeRefund(command, state);
    case 'FailRefund':
      return failRefund(command, state);
    case 'DeferRefund':
      return deferRefund(command, state);
    case 'RecordRefundNoticeSent':
      return recordRefundNoticeSent(command, state);
    default:
      return assertNever(command);
  }
}

/**
 * Folds one event into the state: pending → paid | canceled. (Logs written before refunds were flagged may
 * hold a PurchasePaid after a cancellation: that purchase reads paid.)
 */
export function evolvePurchase(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  if (event.type === 'PurchaseCreated') {
    const { purchaseId, basketId, buyerId, language, payer, invoice, paymentMethod, lines, totals, vat } =
      event.data;
    return {
      status: 'pending',
      purchaseId,
      basketId,
      buyerId,
      language,
      payer,
      invoice,
      paymentMethod,
      lines,
      vat,
      total: totals.price,
      activeUntil: event.data.activeUntil,
      transactionIds: [],
      paymentUrl: null,
      paidAt: null,
      linksValidUntil: null,
      confirmationSent: false,
      accessKeyId: null,
      cancelReason: null,
      paidTransactionId: null,
      refundDueTransactionIds: [],
      refundDueAmounts: {},
      refunds: [],
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PurchasePaymentStarted':
      return {
        ...state,
        transactionIds: [...state.transactionIds, event.data.transactionId],
        paymentUrl: event.data.paymentUrl,
      };
    case 'PurchasePaid':
      return {
        ...state,
        status: 'paid',
        paidAt: event.data.paidAt,
        paidTransactionId: event.data.transactionId,
        linksValidUntil: new Date(Date.parse(event.data.paidAt) + DOWNLOAD_LINKS_VALIDITY_MS).toISOString(),
      };
    case 'PurchaseCanceled':
      return state.status === 'pending'
        ? { ...state, status: 'canceled', cancelReason: event.data.reason }
        : state;
    case 'PurchaseSuperseded':
      return state.status === 'pending'
        ? { ...state, status: 'canceled', cancelReason: 'superseded' }
        : state;
    case 'PurchaseAccessKeyIssued':
      return { ...state, accessKeyId: event.data.keyId };
    case 'PurchaseRefundDue':
      return {
        ...state,
        refundDueTransactionIds: [...state.refundDueTransactionIds, event.data.transactionId],
        refundDueAmounts: { ...state.refundDueAmounts, [event.data.transactionId]: event.data.amount },
      };
    case 'PurchaseRefundRequested': {
      const d = event.data;
      const refund: RefundState = {
        refundId: d.refundId,
        kind: d.kind,
        transactionId: d.transactionId,
        amount: d.amount,
        refundedBefore: d.refundedBefore,
        lines: d.lines,
        whole: d.whole,
        reason: d.reason,
        status: 'requested',
        deferred: null,
        noticeSent: false,
      };
      return { ...state, refunds: [...state.refunds, refund] };
    }
    case 'PurchaseRefundCompleted':
      return withRefund(state, event.data.refundId, { status: 'completed', deferred: null });
    case 'PurchaseRefundFailed':
      return withRefund(state, event.data.refundId, { status: 'failed', deferred: null });
    case 'PurchaseRefundDeferred':
      return withRefund(state, event.data.refundId, { deferred: event.data.reason });
    case 'PurchaseRefundNoticeSent':
      return withRefund(state, event.data.refundId, { noticeSent: true });
    case 'PurchaseLinksRenewed':
      return { ...state, linksValidUntil: event.data.linksValidUntil };
    case 'PurchaseConfirmationSent':
      return { ...state, confirmationSent: true };
    case 'PurchaseFilesDownloaded':
      return state;
    default:
      return assertNever(event);
  }
}

function withRefund(state: Existing, refundId: string, change: Partial<RefundState>): Existing {
  return {
    ...state,
    refunds: state.refunds.map((r) => (r.refundId === refundId ? { ...r, ...change } : r)),
  };
}

export const purchaseDecider = {
  initialState: initialPurchaseState,
  decide: decidePurchase,
  evolve: evolvePurchase,
};
