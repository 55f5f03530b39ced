import type {
  InvoiceRequest,
  Payer,
  PurchaseCanceled,
  PurchaseEvent,
  PurchaseLine,
  PurchaseTotals,
  PurchasedFile,
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
      /** Payments the shop owes back (PurchaseRefundDue), by transaction. */
      readonly refundDueTransactionIds: readonly string[];
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
  | SupersedePurchase;

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

function recordDownload({ data, context }: RecordDownload, state: PurchaseState): PurchaseEvent[] {
  const purchase = downloadable(state, context.now);
  const files = purchase.lines.flatMap((line) =>
    line.files
      .filter((f) => f.blobKey !== null && (data.fileId === null || f.fileId === data.fileId))
      .map((f) => ({ documentId: line.documentId, fileId: f.fileId, uploaderId: line.uploaderId })),
  );
  if (files.length === 0) throw new DomainError('FILE.NOT_FOUND');
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
      };
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

export const purchaseDecider = {
  initialState: initialPurchaseState,
  decide: decidePurchase,
  evolve: evolvePurchase,
};
