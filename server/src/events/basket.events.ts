import type { Cents } from '../domain/shared/money';
import type { VatDecision } from '../domain/vat/vat-decision';
import type { DomainEvent } from './domain-event';
import type { InvoiceRequest, Payer } from './purchase.events';

export type BasketDocumentAdded = DomainEvent<
  'BasketDocumentAdded',
  {
    readonly basketId: string;
    readonly documentId: string;
    /** Snapshot for the basket view: as the document read when it was added. */
    readonly slug: string;
    readonly title: string;
    /** The fee split decided at this moment (docs/decisions/prices-and-vat.md). */
    readonly price: Cents;
    readonly vat: Cents;
    readonly licenceFee: Cents;
    readonly serviceFee: Cents;
    readonly activeUntil: string;
  }
>;
export type BasketDocumentRemoved = DomainEvent<
  'BasketDocumentRemoved',
  { readonly basketId: string; readonly documentId: string }
>;
export type BasketCleared = DomainEvent<'BasketCleared', { readonly basketId: string }>;
export type BasketExpired = DomainEvent<'BasketExpired', { readonly basketId: string }>;

/**
 * The buyer confirmed the cart (SPEC §4): payer details, the invoice asked for, the payment method chosen
 * from those the gateway offered, and both required ticks (previews seen; terms of use and sale agreement
 * with the EU consent that delivery of digital content starts at once).
 */
export type BasketConfirmed = DomainEvent<
  'BasketConfirmed',
  {
    readonly basketId: string;
    readonly payer: Payer;
    readonly invoice: InvoiceRequest | null;
    /** The method chosen, as the gateway names it (`banklink:ee:swedbank`, `card:visa`). */
    readonly paymentMethod: string;
    /** SPEC §3 paymentMethods: every method the gateway offered when the basket was confirmed. */
    readonly paymentMethods: readonly string[];
    readonly previewsSeen: true;
    readonly termsAccepted: true;
    /** The buyer's UI language: mails and the invoice of the purchase are written in it. */
    readonly language: 'et' | 'en';
    /** The signed-in buyer; null for a visitor. */
    readonly buyerId: string | null;
    /** The VAT decided for the buyer (schema version 2); the purchase copies it. */
    readonly vat: VatDecision;
    /** The total the buyer confirmed (taxable amount + VAT), in cents. */
    readonly total: Cents;
  }
>;

/** SPEC §4 "cancelling payment unconfirms and clears payment methods"; the documents stay. */
export type BasketConfirmationCanceled = DomainEvent<
  'BasketConfirmationCanceled',
  {
    readonly basketId: string;
    /** The purchase whose payment was cancelled; null when the buyer reopened the details themselves. */
    readonly purchaseId: string | null;
  }
>;

/** A document's price (or the rates) changed after it was added: the line now has the new split. */
export type BasketDocumentRepriced = DomainEvent<
  'BasketDocumentRepriced',
  {
    readonly basketId: string;
    readonly documentId: string;
    readonly price: Cents;
    readonly vat: Cents;
    readonly licenceFee: Cents;
    readonly serviceFee: Cents;
  }
>;

/** A document in the basket was unpublished or deleted by its uploader, so it left the basket. */
export type BasketDocumentWithdrawn = DomainEvent<
  'BasketDocumentWithdrawn',
  { readonly basketId: string; readonly documentId: string }
>;

/** "Go pay": the confirmed basket became this purchase, awaiting payment. */
export type BasketCheckedOut = DomainEvent<
  'BasketCheckedOut',
  { readonly basketId: string; readonly purchaseId: string }
>;

/** The purchase was paid, so its documents left the basket (SPEC §4: paying converts the basket). */
export type BasketConverted = DomainEvent<
  'BasketConverted',
  { readonly basketId: string; readonly purchaseId: string; readonly documentIds: readonly string[] }
>;

export type BasketEvent =
  | BasketDocumentAdded
  | BasketDocumentRemoved
  | BasketCleared
  | BasketExpired
  | BasketConfirmed
  | BasketConfirmationCanceled
  | BasketDocumentRepriced
  | BasketDocumentWithdrawn
  | BasketCheckedOut
  | BasketConverted;

export const basketStreamId = (basketId: string): string => `basket-${basketId}`;
