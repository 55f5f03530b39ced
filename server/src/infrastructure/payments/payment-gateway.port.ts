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

/** A method of one transaction, with the page where the buyer pays by it. */
export interface PaymentLink extends PaymentMethod {
  readonly url: string;
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

export interface PaymentGateway {
  /** Written into PurchasePaid.provider, e.g. `makecommerce`. */
  readonly provider: string;
  /** The methods the shop offers for an amount, before a transaction exists (for the cart's choice). */
  paymentMethods(query: { readonly amount: Cents; readonly country: string }): Promise<PaymentMethod[]>;
  /** Creates a transaction; its methods carry the URLs the buyer pays at. */
  createTransaction(transaction: NewTransaction): Promise<GatewayTransaction>;
  /** The transaction as the gateway knows it now; null when it knows none with that id. */
  getTransaction(id: string): Promise<GatewayTransaction | null>;
  /**
   * Voids an unpaid transaction so that it can no longer be paid, where the gateway offers that; answers
   * whether it did. MakeCommerce's API offers no such call (an unpaid transaction expires there by itself),
   * so a payment that still arrives for a purchase the shop ended is owed back instead of delivered.
   */
  cancelTransaction(id: string): Promise<boolean>;
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
  /** Resolves once the notifications the gateway is still sending are delivered (or given up). */
  settled(): Promise<void>;
}

export const TEST_PAYMENT_DESK = Symbol('TestPaymentDesk');
