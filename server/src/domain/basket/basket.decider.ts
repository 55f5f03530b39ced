import type { BasketDocumentAdded, BasketEvent } from '../../events/basket.events';
import type { DocumentState } from '../catalogue/document.decider';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError } from '../shared/domain-error';
import { type FeeRates, splitPrice } from '../shared/fees';
import type { Cents } from '../shared/money';

/** SPEC §9: a basket is valid for one hour after the last document was added. */
export const BASKET_VALIDITY_MS = 60 * 60 * 1000;

export interface BasketLineState {
  readonly documentId: string;
  readonly price: Cents;
}

export interface BasketState {
  readonly lines: readonly BasketLineState[];
  readonly activeUntil: string | null;
  readonly confirmed: boolean;
  readonly paymentMethods: readonly string[] | null;
}

export const initialBasketState: BasketState = {
  lines: [],
  activeUntil: null,
  confirmed: false,
  paymentMethods: null,
};

/** What the basket needs to know of a document, read from the document's own stream. */
export interface BasketDocumentFacts {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly price: Cents;
  readonly published: boolean;
}

/** What a basket sees of a document, from the document's own state (the authority on price and publication). */
export function basketDocumentFacts(documentId: string, state: DocumentState): BasketDocumentFacts | null {
  if (state.status === 'none') return null;
  return {
    documentId,
    slug: state.slug,
    title: state.details.title,
    price: state.details.price,
    published: state.status === 'published',
  };
}

export type AddDocumentToBasket = DomainCommand<
  'AddDocumentToBasket',
  { readonly basketId: string; readonly document: BasketDocumentFacts | null; readonly rates: FeeRates }
>;
export type RemoveDocumentFromBasket = DomainCommand<
  'RemoveDocumentFromBasket',
  { readonly basketId: string; readonly documentId: string }
>;
export type ClearBasket = DomainCommand<'ClearBasket', { readonly basketId: string }>;
export type ExpireBasket = DomainCommand<'ExpireBasket', { readonly basketId: string }>;

export type BasketCommand = AddDocumentToBasket | RemoveDocumentFromBasket | ClearBasket | ExpireBasket;

/** A basket with documents whose hour has run out. */
export function isBasketExpired(state: BasketState, now: Date): boolean {
  return (
    state.lines.length > 0 && state.activeUntil !== null && now.getTime() >= Date.parse(state.activeUntil)
  );
}

function add({ data, context }: AddDocumentToBasket, state: BasketState): BasketEvent[] {
  const { basketId, document, rates } = data;
  if (document === null || !document.published) throw new DomainError('DOCUMENT.NOT_FOUND');
  const expired = isBasketExpired(state, context.now);
  if (!expired && state.lines.some((line) => line.documentId === document.documentId)) {
    throw new DomainError('SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET');
  }
  const { price, vat, licenceFee, serviceFee } = splitPrice(document.price, rates);
  const added: BasketDocumentAdded = {
    type: 'BasketDocumentAdded',
    data: {
      basketId,
      documentId: document.documentId,
      slug: document.slug,
      title: document.title,
      price,
      vat,
      licenceFee,
      serviceFee,
      activeUntil: new Date(context.now.getTime() + BASKET_VALIDITY_MS).toISOString(),
    },
  };
  return expired ? [{ type: 'BasketExpired', data: { basketId } }, added] : [added];
}

function remove({ data, context }: RemoveDocumentFromBasket, state: BasketState): BasketEvent[] {
  if (
    isBasketExpired(state, context.now) ||
    !state.lines.some((line) => line.documentId === data.documentId)
  ) {
    throw new DomainError('SHOPPING_CART.DOCUMENT_NOT_IN_BASKET');
  }
  return [{ type: 'BasketDocumentRemoved', data }];
}

function clear({ data, context }: ClearBasket, state: BasketState): BasketEvent[] {
  if (state.lines.length === 0) return [];
  if (isBasketExpired(state, context.now)) return [{ type: 'BasketExpired', data }];
  return [{ type: 'BasketCleared', data }];
}

function expire({ data, context }: ExpireBasket, state: BasketState): BasketEvent[] {
  return isBasketExpired(state, context.now) ? [{ type: 'BasketExpired', data }] : [];
}

/** Decides what happens to a basket. Pure: the time comes in the command's context. */
export function decideBasket(command: BasketCommand, state: BasketState): BasketEvent[] {
  switch (command.type) {
    case 'AddDocumentToBasket':
      return add(command, state);
    case 'RemoveDocumentFromBasket':
      return remove(command, state);
    case 'ClearBasket':
      return clear(command, state);
    case 'ExpireBasket':
      return expire(command, state);
    default:
      return assertNever(command);
  }
}

/** SPEC §4: adding sets active-until, unconfirms the basket and clears payment methods; clearing empties it. */
export function evolveBasket(state: BasketState, event: BasketEvent): BasketState {
  switch (event.type) {
    case 'BasketDocumentAdded':
      return {
        lines: [...state.lines, { documentId: event.data.documentId, price: event.data.price }],
        activeUntil: event.data.activeUntil,
        confirmed: false,
        paymentMethods: null,
      };
    case 'BasketDocumentRemoved':
      return { ...state, lines: state.lines.filter((line) => line.documentId !== event.data.documentId) };
    case 'BasketCleared':
    case 'BasketExpired':
      return initialBasketState;
    default:
      return assertNever(event);
  }
}

export const basketDecider = { initialState: initialBasketState, decide: decideBasket, evolve: evolveBasket };
