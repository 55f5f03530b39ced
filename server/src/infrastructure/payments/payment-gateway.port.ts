import type { Cents } from '../../domain/shared/money';

/**
 * The Payments port: a gateway that offers payment methods, creates a transaction per purchase, and
 * sends signed messages (the buyer's return and its own notification) that must be verified before they
 * are believed. Adapter: MakeCommerce (Maksekeskus); the embedded profile runs a test gateway that speaks
 * MakeCommerce's protocol, so the same adapter runs everywhere. One contract suite
 * (payment-gateway.contract.ts) runs against every configuration.
 */

export type PaymentMethodGroup = 'banklink' | 'card' | 'other';

export interface PaymentMethod {
  /** Stable across calls: `banklink:ee:swedbank`, `card:visa`, `other:redirect`. */
  readonly id: string;
  readonly group: PaymentMethodGroup;
  /** The gateway's own name of the method, e.g. `swedbank`. */
  readonly name: string;
  /** What the buyer reads, e.g. `Swedbank`. */
  readonly displayName: string;
  /** Lower-case ISO country of a bank link (bank links are grouped by it); null for cards and others. */
  readonly country: string | null;
}

/** A bank link's lower-case country from a method's id (`banklink:fi:nordea` → `fi`); null for others. */
export function bankLinkCountry(methodId: string): string | null {
  const [group, country] = methodId.split(':');
  return group === 'banklink' && country !== undefined && /^[a-z]{2}$/i.test(country)
    ? country.toLowerCase()
    : null;
}

/**
 * A method of one transaction, with the page where the buyer pays by it. MakeCommerce gives every bank link
 * a page; a card method has one where the shop's API answers it (`url`), otherwise the card is paid in
 * the gateway's in-page card form (`PaymentGateway.cardForm`) on a page of the shop's own.
 */
export interface PaymentLink extends PaymentMethod {
  /** The gateway's page for this method; null for a card method paid in the in-page card form. */
  readonly url: string | null;
}

/**
 * The gateway's in-page card form (MakeCommerce's checkout.js): a script the shop's page loads, opened with
 * the shop's publishable key (never the secret one) and the transaction; it hands back a signed
 * `token_return` message, which the page posts to the return URL like any other return.
 */
export interface CardForm {
  /** e.g. https://payment.maksekeskus.ee/checkout/dist/checkout.js */
  readonly scriptUrl: string;
  readonly publishableKey: string;
}

/** The gateway's transaction states, in our words. */
export type TransactionStatus = 'created' | 'pending' | 'completed' | 'canceled' | 'expired';

export interface NewTransaction {
  /** Our purchase id: every message about the transaction names it. */
  readonly reference: string;
  readonly amount: Cents;
  readonly currency: 'EUR';
  readonly customer: {
    readonly email: string;
    /**
     * The buyer's address as the shop saw it, IPv4 or IPv6; the adapter sends it in the form its gateway
     * takes (MakeCommerce: IPv4 only, see customerIpv4 in makecommerce-protocol.ts).
     */
    readonly ip: string;
    /** Lower-case ISO country: which bank links to offer. */
    readonly country: string;
    readonly locale: 'et' | 'en';
  };
  /** Where the buyer comes back after paying (or failing). */
  readonly returnUrl: string;
  /** Where the buyer comes back after cancelling. */
  readonly cancelUrl: string;
  /** Where the gateway itself reports the outcome, server to server. */
  readonly notificationUrl: string;
}

export interface GatewayTransaction {
  readonly id: string;
  readonly reference: string;
  readonly amount: Cents;
  readonly currency: string;
  readonly status: TransactionStatus;
  /**
   * When the buyer completed the payment at the gateway (MakeCommerce's `completed_at`); null while it is
   * not completed or when the gateway did not say.
   */
  readonly completedAt: Date | null;
  /** How much of it has been refunded so far (MakeCommerce's `refunded_amount`); 0 when nothing was. */
  readonly refundedAmount: Cents;
  /** The methods the buyer may pay this transaction with (empty when the gateway did not list them). */
  readonly methods: readonly PaymentLink[];
}

/** A message as it arrives (form or query fields `json` and `mac`), untouched. */
export interface GatewayMessage {
  readonly json: string;
  readonly mac: string;
}

/** A message whose signature held and whose transaction the gateway confirmed. */
export interface VerifiedPaymentMessage {
  /** The transaction as the gateway reports it now (its status is the one to believe). */
  readonly transaction: GatewayTransaction;
  /** The status the message itself carried. */
  readonly messageStatus: TransactionStatus;
  /** The parsed message, kept as the payment provider's response. */
  readonly message: Readonly<Record<string, unknown>>;
}

export type PaymentMessageRejection =
  /** The MAC is missing or does not match the message and our secret key. */
  | 'signature'
  /** Not JSON, or a field the protocol requires is missing. */
  | 'malformed'
  /** Signed for another shop. */
  | 'shop'
  /** The gateway knows no such transaction. */
  | 'unknown-transaction'
  /** The message's amount, currency or reference differ from the gateway's transaction. */
  | 'mismatch';

/** A message that must not be believed. */
export class PaymentMessageRejectedError extends Error {
  constructor(readonly reason: PaymentMessageRejection) {
    super(`Payment message rejected: ${reason}`);
    this.name = 'PaymentMessageRejectedError';
  }
}

/** The gateway could not be reached or answered something unexpected. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** A refund of some or all of a paid transaction. */
export interface RefundRequest {
  readonly transactionId: string;
  /** What to give back now: the whole payment or part of it, in cents (more than 0). */
  readonly amount: Cents;
  /** Why (MakeCommerce requires a comment; it shows in its merchant portal and statements). */
  readonly comment: string;
}

/** Why a gateway would not refund. */
export type RefundRefusal =
  /** The gateway knows no such transaction. */
  | 'unknown-transaction'
  /** The transaction was never paid (created, pending, cancelled or expired): there is nothing to give back. */
  | 'not-paid'
  /** The amount is more than what was paid and not yet refunded. */
  | 'exceeds-paid'
  /** The payment is still being settled at the gateway (MakeCommerce's error 1045): try again later. */
  | 'still-processing'
  /** The gateway (or the payer's bank) refused it for its own reason; `message` says which. */
  | 'declined';

/**
 * What a refund came to, for the refund use case to record as an event:
 * - `completed`: the gateway took the refund; the money is on its way to the payer (`status` is the
 *   gateway's own word for how far: MakeCommerce's refunds are CREATED, then PENDING, then SETTLED);
 * - `refused`: the gateway said no, and nothing was refunded;
 * - `unavailable`: the gateway could not be reached or answered something unexpected. Whether it took the
 *   refund is then unknown: compare the transaction's `refundedAmount` (getTransaction) before asking again,
 *   or the payer may get the money twice.
 */
export type RefundResult =
  | {
      readonly outcome: 'completed';
      /** The gateway's id of the refund. */
      readonly refundId: string;
      readonly amount: Cents;
      readonly status: 'created' | 'pending' | 'settled';
      /** Everything refunded of the transaction, this refund included. */
      readonly refundedTotal: Cents;
      /** When the gateway recorded it. */
      readonly refundedAt: Date;
      /** The gateway's answer, kept as the provider's response. */
      readonly response: Readonly<Record<string, unknown>>;
    }
  | {
      readonly outcome: 'refused';
      readonly reason: RefundRefusal;
      /** The gateway's own words, for the admin and the log. */
      readonly message: string;
      /** The gateway's error code, where it gave one. */
      readonly gatewayCode: number | null;
    }
  | { readonly outcome: 'unavailable'; readonly message: string };

export interface PaymentGateway {
  /** Written into PurchasePaid.provider, e.g. `makecommerce`. */
  readonly provider: string;
  /**
   * The in-page card form for card methods the gateway gives no page of their own; null when the shop has
   * none configured (no publishable key), and then such a card method cannot be paid.
   */
  readonly cardForm: CardForm | null;
  /** The methods the shop offers for an amount, before a transaction exists (for the cart's choice). */
  paymentMethods(query: { readonly amount: Cents; readonly country: string }): Promise<PaymentMethod[]>;
  /** Creates a transaction; its methods carry the URLs the buyer pays at. */
  createTransaction(transaction: NewTransaction): Promise<GatewayTransaction>;
  /** The transaction as the gateway knows it now; null when it knows none with that id. */
  getTransaction(id: string): Promise<GatewayTransaction | null>;
  /**
   * Voids an unpaid transaction so that it can no longer be paid, where the gateway offers that; answers
   * whether it did. MakeCommerce's API offers no such call (neither its API reference nor its SDKs have one;
   * an unpaid transaction expires there by itself after 30 minutes), so a payment that still arrives for a
   * purchase the shop ended is owed back instead of delivered.
   */
  cancelTransaction(id: string): Promise<boolean>;
  /**
   * Gives back some or all of a paid transaction (MakeCommerce: `POST /v1/transactions/{id}/refunds`).
   * Never throws for the gateway's answers: every outcome is a RefundResult.
   */
  refundTransaction(request: RefundRequest): Promise<RefundResult>;
  /**
   * Believes a message only when its MAC holds (compared in constant time) and the gateway, asked
   * again, reports the same transaction, reference, amount and currency. Throws
   * PaymentMessageRejectedError otherwise.
   */
  verifyMessage(message: GatewayMessage): Promise<VerifiedPaymentMessage>;
}

export const PAYMENT_GATEWAY = Symbol('PaymentGateway');

/**
 * The person at the test gateway (embedded payments only): chooses a transaction's outcome on its payment
 * page, at a given moment, and gets the signed message the browser would carry back to the shop. The demo
 * seed pays its history of past purchases this way. Adapter: the embedded test gateway.
 */
export interface TestPaymentDesk {
  chooseOutcome(
    paymentUrl: string,
    outcome: 'success' | 'failure' | 'cancel',
    at: Date,
  ): GatewayMessage & { readonly action: string; readonly method: 'GET' | 'POST' };
  /**
   * How the gateway answers refunds from now on: takes them (`accept`), refuses every one as a payer's bank
   * may (`refuse`), or says the payment is still being processed (`still-processing`, MakeCommerce's 1045).
   */
  setRefundMode(mode: 'accept' | 'refuse' | 'still-processing'): void;
  /** Resolves once the notifications the gateway is still sending are delivered (or given up). */
  settled(): Promise<void>;
}

export const TEST_PAYMENT_DESK = Symbol('TestPaymentDesk');
