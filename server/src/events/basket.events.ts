import type { Cents } from '../domain/shared/money';
import type { DomainEvent } from './domain-event';

export type BasketDocumentAdded = DomainEvent<
  'BasketDocumentAdded',
  {
    readonly basketId: string;
    readonly documentId: string;
    /** Snapshot for the basket view: as the document read when it was added. */
    readonly slug: string;
    readonly title: string;
    /** The fee split decided at this moment (docs/decisions.md, "Prices and VAT"). */
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

export type BasketEvent = BasketDocumentAdded | BasketDocumentRemoved | BasketCleared | BasketExpired;

export const basketStreamId = (basketId: string): string => `basket-${basketId}`;
