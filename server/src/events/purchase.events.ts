import type { FileFormat } from '../domain/catalogue/catalogue-codes';
import type { BasisPoints, Cents } from '../domain/shared/money';
import type { VatDecision } from '../domain/vat/vat-decision';
import type { DomainEvent } from './domain-event';

/**
 * The purchase's money facts, copied in when the purchase is created from a confirmed basket. Later work
 * (downloads, invoices, earnings, the ledger, the accountant's report) reads these and never recomputes
 * them, so a change of rates or prices never rewrites history.
 */

/** A file the buyer may download, as it stood when the purchase was created. */
export interface PurchasedFile {
  readonly fileId: string;
  readonly title: string;
  readonly format: FileFormat;
  readonly sizeKb: number;
  readonly pages: number | null;
  /** Where the bytes are kept in the BlobStore; the blob outlives the document's deletion. */
  readonly blobKey: string | null;
}

/**
 * One document of the purchase with its fee split (domain/shared/fees.ts), decided at creation. Since
 * schema version 2 the VAT is decided on the whole purchase (domain/vat/document-vat.ts) and each line's
 * `vat` is its share of that; version 1 lines carried VAT rounded per line.
 */
export interface PurchaseLine {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly uploaderId: string;
  readonly uploaderName: string;
  /** The document's price as the uploader set it (the Estonian consumer price). */
  readonly listPrice: Cents;
  /** What the buyer pays for this document: licenceFee + vat. */
  readonly price: Cents;
  /** This line's share of the purchase's VAT. */
  readonly vat: Cents;
  /** The net price (taxable amount) of the line, the same whoever buys. */
  readonly licenceFee: Cents;
  /** The platform's share of the licence fee. */
  readonly serviceFee: Cents;
  /** licenceFee − serviceFee: what the uploader earns from this line. */
  readonly uploaderEarnings: Cents;
  /** The rate charged on the purchase (0 for reverse charge and outside the EU). */
  readonly vatRate: BasisPoints;
  readonly serviceFeeRate: BasisPoints;
  readonly files: readonly PurchasedFile[];
}

/** Sums of the lines' fields: price is what the buyer pays, vat the purchase's VAT, licenceFee its taxable amount. */
export interface PurchaseTotals {
  readonly price: Cents;
  readonly vat: Cents;
  readonly licenceFee: Cents;
  readonly serviceFee: Cents;
  readonly uploaderEarnings: Cents;
}

export interface Payer {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly address: string;
  /** The billing address's country (ISO alpha-2); null on purchases from before it was asked. */
  readonly country: string | null;
}

/** What the buyer asked to be put on a VAT invoice; null on the purchase when no invoice was asked for. */
export interface InvoiceRequest {
  readonly companyName: string;
  readonly registryCode: string;
  readonly vatNumber: string | null;
}

/** A confirmed basket became a purchase awaiting payment (status pending). */
export type PurchaseCreated = DomainEvent<
  'PurchaseCreated',
  {
    readonly purchaseId: string;
    readonly basketId: string;
    /** The signed-in buyer's user id; null for a visitor who did not sign in. */
    readonly buyerId: string | null;
    /** The buyer's UI language: mails and the invoice are written in it. */
    readonly language: 'et' | 'en';
    readonly payer: Payer;
    readonly invoice: InvoiceRequest | null;
    /** The payment method the buyer chose (the gateway's method name, e.g. 'swedbank', 'card'). */
    readonly paymentMethod: string;
    readonly lines: readonly PurchaseLine[];
    readonly totals: PurchaseTotals;
    /** How the purchase is taxed and why: the evidence, VIES's answer and the threshold it read. */
    readonly vat: VatDecision;
    /** An unpaid purchase expires at this moment (the gateway's 30 minutes). */
    readonly activeUntil: string;
  }
>;

/** The payment gateway confirmed the payment. Written once; a repeated message changes nothing. */
export type PurchasePaid = DomainEvent<
  'PurchasePaid',
  {
    readonly purchaseId: string;
    /** 'makecommerce' (the production adapter, also used against the embedded test gateway). */
    readonly provider: string;
    readonly transactionId: string;
    /** Equals the purchase's totals.price (checked before this event is written). */
    readonly amount: Cents;
    readonly currency: 'EUR';
    readonly paidAt: string;
    /** The gateway's message as received (SPEC §3 "payment provider response"). */
    readonly providerResponse: Readonly<Record<string, unknown>>;
  }
>;

/** The purchase ended without payment (status canceled). */
export type PurchaseCanceled = DomainEvent<
  'PurchaseCanceled',
  {
    readonly purchaseId: string;
    readonly reason: 'buyer-canceled' | 'payment-failed' | 'expired';
    readonly canceledAt: string;
    readonly providerResponse: Readonly<Record<string, unknown>> | null;
  }
>;

/**
 * The buyer downloaded files of a paid purchase: one file, or the zip of all (`archive`). Uploaders' sales
 * pages show this history; it carries no personal data beyond the purchase id.
 */
export type PurchaseFilesDownloaded = DomainEvent<
  'PurchaseFilesDownloaded',
  {
    readonly purchaseId: string;
    readonly archive: boolean;
    readonly files: readonly {
      readonly documentId: string;
      readonly fileId: string;
      readonly uploaderId: string;
    }[];
    readonly downloadedAt: string;
  }
>;

/** The buyer was sent to the gateway: a transaction exists there for this purchase. */
export type PurchasePaymentStarted = DomainEvent<
  'PurchasePaymentStarted',
  {
    readonly purchaseId: string;
    readonly provider: string;
    readonly transactionId: string;
    readonly paymentMethod: string;
    /** Where the buyer pays (the chosen method's page at the gateway). */
    readonly paymentUrl: string;
    readonly startedAt: string;
  }
>;

/** The purchase confirmation with download links was handed to the mail port. */
export type PurchaseConfirmationSent = DomainEvent<
  'PurchaseConfirmationSent',
  { readonly purchaseId: string; readonly sentAt: string }
>;

/**
 * The buyer asked for fresh download links (their links had run out): the links now work until
 * `linksValidUntil`, and a mail with them went to the payer's address.
 */
export type PurchaseLinksRenewed = DomainEvent<
  'PurchaseLinksRenewed',
  { readonly purchaseId: string; readonly renewedAt: string; readonly linksValidUntil: string }
>;

/**
 * The buyer's secret for this purchase (docs/decisions/purchase-access-keys.md): the capability that opens
 * its summary, files, zip and invoice without signing in. The key itself is never stored: it is the HMAC of
 * `keyId` under the shop's purchase-access secret, so the log holds nothing that opens the purchase. Each
 * new key (the checkout's, then one per "fresh links") replaces the one before: links made with an older
 * key stop working.
 */
export type PurchaseAccessKeyIssued = DomainEvent<
  'PurchaseAccessKeyIssued',
  {
    readonly purchaseId: string;
    /** 128 random bits, hex: names the key (the key is derived from it and the secret). */
    readonly keyId: string;
    readonly reason: 'checkout' | 'fresh-links';
    readonly issuedAt: string;
  }
>;

/**
 * The basket started a newer checkout (`supersededBy`), so this pending purchase ended unpaid (status
 * canceled, reason superseded): a basket has at most one live purchase.
 */
export type PurchaseSuperseded = DomainEvent<
  'PurchaseSuperseded',
  { readonly purchaseId: string; readonly supersededBy: string; readonly supersededAt: string }
>;

/**
 * The gateway confirmed a payment that the shop will not deliver: it came for a purchase that had already
 * ended (superseded by a newer checkout of its basket, cancelled or expired), or it is a second payment of
 * a purchase already paid by another transaction. The money is owed back to the payer: the purchase is
 * flagged "refund due" for the admin, and nothing is delivered, credited or counted as a sale. The refund
 * itself is recorded by its own later event.
 */
export type PurchaseRefundDue = DomainEvent<
  'PurchaseRefundDue',
  {
    readonly purchaseId: string;
    readonly reason: 'superseded' | 'canceled' | 'already-paid';
    readonly provider: string;
    readonly transactionId: string;
    /** What the gateway says was paid (what goes back). */
    readonly amount: Cents;
    readonly currency: string;
    /** When the payer completed the payment at the gateway. */
    readonly paidAt: string;
    readonly providerResponse: Readonly<Record<string, unknown>>;
  }
>;

/** What a refunded document's line of the sale posted: the refund reverses exactly these amounts. */
export interface RefundedLine {
  readonly documentId: string;
  readonly title: string;
  readonly uploaderId: string;
  readonly price: Cents;
  readonly vat: Cents;
  readonly licenceFee: Cents;
  readonly serviceFee: Cents;
  readonly uploaderEarnings: Cents;
}

/**
 * An admin asked to give money back (docs/decisions/refunds.md). `kind` `sale`: some or all documents of the
 * paid purchase (`lines` are their money facts as the sale posted them; `whole` when no document of the
 * purchase is left unrefunded after this one); `payment-due`: a payment flagged PurchaseRefundDue, which was
 * never a sale (no lines, no credit note). `refundedBefore` is what the transaction had had refunded before
 * this one, so a retry after an unanswered call can tell from the gateway's `refunded_amount` whether it
 * was taken. The links of the documents stop working from now on.
 */
export type PurchaseRefundRequested = DomainEvent<
  'PurchaseRefundRequested',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly kind: 'sale' | 'payment-due';
    readonly transactionId: string;
    readonly amount: Cents;
    readonly refundedBefore: Cents;
    readonly lines: readonly RefundedLine[];
    readonly whole: boolean;
    /** The admin's reason: goes to the gateway as the comment, to the buyer, the uploader and the credit note. */
    readonly reason: string;
    readonly requestedAt: string;
  }
>;

/**
 * The gateway took the refund: the money is on its way back to the payer. Carries the refund's facts again
 * (kind, lines, amount, reason), so the ledger, the VAT returns and the uploaders' sales reverse the sale
 * from this event alone. `gatewayRefundId` is null when a retry found the refund already taken (the
 * transaction's refunded amount had grown by it) without its id.
 */
export type PurchaseRefundCompleted = DomainEvent<
  'PurchaseRefundCompleted',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly kind: 'sale' | 'payment-due';
    readonly transactionId: string;
    readonly amount: Cents;
    readonly lines: readonly RefundedLine[];
    readonly reason: string;
    readonly gatewayRefundId: string | null;
    /** The gateway's word for how far the money is (MakeCommerce: created, pending, settled). */
    readonly gatewayStatus: 'created' | 'pending' | 'settled' | 'unknown';
    readonly refundedAt: string;
    readonly providerResponse: Readonly<Record<string, unknown>> | null;
  }
>;

/** The gateway refused the refund: nothing was given back, and the documents' links work again. */
export type PurchaseRefundFailed = DomainEvent<
  'PurchaseRefundFailed',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly reason: 'unknown-transaction' | 'not-paid' | 'exceeds-paid' | 'declined';
    readonly message: string;
    readonly gatewayCode: number | null;
    readonly failedAt: string;
  }
>;

/**
 * The refund is not done yet: the gateway said the payment is still being processed (MakeCommerce's 1045),
 * or could not be reached (then whether it took the refund is unknown). The purchase sweep, or the admin,
 * tries again later; it stays requested until it completes or fails.
 */
export type PurchaseRefundDeferred = DomainEvent<
  'PurchaseRefundDeferred',
  {
    readonly purchaseId: string;
    readonly refundId: string;
    readonly reason: 'still-processing' | 'unavailable';
    readonly message: string;
    readonly deferredAt: string;
  }
>;

/** The buyer's mail about a completed refund went out (once per refund). */
export type PurchaseRefundNoticeSent = DomainEvent<
  'PurchaseRefundNoticeSent',
  { readonly purchaseId: string; readonly refundId: string; readonly sentAt: string }
>;

/**
 * The purchase's events. The first four are read by other work (earnings, the ledger, sales pages) and
 * keep their shape; the rest follow the payment and the download links.
 */
export type PurchaseEvent =
  | PurchaseCreated
  | PurchasePaid
  | PurchaseCanceled
  | PurchaseFilesDownloaded
  | PurchasePaymentStarted
  | PurchaseConfirmationSent
  | PurchaseLinksRenewed
  | PurchaseAccessKeyIssued
  | PurchaseSuperseded
  | PurchaseRefundDue
  | PurchaseRefundRequested
  | PurchaseRefundCompleted
  | PurchaseRefundFailed
  | PurchaseRefundDeferred
  | PurchaseRefundNoticeSent;

export const purchaseStreamId = (purchaseId: string): string => `purchase-${purchaseId}`;
