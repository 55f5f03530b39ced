import type {
  BasketConfirmed,
  BasketDocumentAdded,
  BasketDocumentRepriced,
  BasketDocumentWithdrawn,
  BasketEvent,
} from '../../events/basket.events';
import type { InvoiceRequest, Payer } from '../../events/purchase.events';
import type { DocumentState } from '../catalogue/document.decider';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError } from '../shared/domain-error';
import { type FeeRates, splitPrice } from '../shared/fees';
import type { BasisPoints, Cents } from '../shared/money';
import { ledgerDay } from '../ledger/ledger-day';
import { type DocumentVat, documentVat } from '../vat/document-vat';
import {
  type CrossBorderSales,
  type VatAssessment,
  type VatDecision,
  type ViesAnswer,
  assessVat,
  decideVat,
} from '../vat/vat-decision';
import {
  type CheckoutDetails,
  type ValidCheckoutDetails,
  sameCheckoutDetails,
  validateCheckoutDetails,
} from './checkout-details';

/** SPEC §9: a basket is valid for one hour after the last document was added. */
export const BASKET_VALIDITY_MS = 60 * 60 * 1000;

/** One document in the basket with the fee split decided when it was added (or last repriced). */
export interface BasketLineState {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly price: Cents;
  readonly vat: Cents;
  readonly licenceFee: Cents;
  readonly serviceFee: Cents;
}

/** What the buyer confirmed (SPEC §4 "Confirming sets confirmed and stores …"). */
export interface BasketConfirmation {
  readonly payer: Payer;
  readonly invoice: InvoiceRequest | null;
  readonly paymentMethod: string;
  readonly paymentMethods: readonly string[];
  readonly language: 'et' | 'en';
  readonly buyerId: string | null;
  /** The VAT decided for the buyer when they confirmed. */
  readonly vat: VatDecision;
  readonly total: Cents;
}

export interface BasketState {
  readonly lines: readonly BasketLineState[];
  readonly activeUntil: string | null;
  /** Null while the basket is not confirmed. */
  readonly confirmation: BasketConfirmation | null;
  /** The purchase "Go pay" made of the current confirmation; null before that. */
  readonly purchaseId: string | null;
  /** How many times the basket was ever confirmed; names each confirmation's purchase. Never reset. */
  readonly confirmations: number;
  /** Purchases whose payment already converted this basket. Never reset. */
  readonly convertedPurchaseIds: readonly string[];
  /** Every purchase "Go pay" ever made of this basket, oldest first. Never reset. */
  readonly checkedOutPurchaseIds: readonly string[];
}

export const initialBasketState: BasketState = {
  lines: [],
  activeUntil: null,
  confirmation: null,
  purchaseId: null,
  confirmations: 0,
  convertedPurchaseIds: [],
  checkedOutPurchaseIds: [],
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

/** The documents of the basket as their own streams tell now (null: no such document), with the rates in force. */
interface CurrentFacts {
  readonly documents: readonly (BasketDocumentFacts | null)[];
  readonly rates: FeeRates;
}

/** A payment method the gateway offers, with its country (a bank link's bank) or null (cards). */
export interface OfferedMethod {
  readonly id: string;
  readonly country: string | null;
}

/**
 * What the VAT decision needs besides the buyer's form: VIES's answer (for another member state's VAT
 * number), the buyer's answers to the evidence's questions, the rates and the OSS threshold's figures.
 */
export interface VatContext {
  readonly vies: ViesAnswer | null;
  /** The buyer's answer to "where do you live?" (ISO alpha-2); null when not asked. */
  readonly declaredCountry: string | null;
  /** The buyer chose to pay with VAT while VIES does not answer. */
  readonly chargeVatWhileViesUnavailable: boolean;
  readonly domesticRate: BasisPoints;
  readonly crossBorderSales: CrossBorderSales;
  readonly ossThreshold: Cents;
  readonly ossFromFirstSale: boolean;
}

/** The buyer confirms the cart with their details, the method chosen and the total they saw. */
export type ConfirmBasket = DomainCommand<
  'ConfirmBasket',
  CurrentFacts & {
    readonly basketId: string;
    readonly details: CheckoutDetails;
    /** The total the buyer saw (with their VAT): a different total means something changed under them. */
    readonly expectedTotal: Cents;
    /** The methods the gateway offers now for the billing country. */
    readonly offeredMethods: readonly OfferedMethod[];
    readonly vat: VatContext;
    readonly language: 'et' | 'en';
    readonly buyerId: string | null;
  }
>;

/** "Go pay": the confirmed basket becomes the purchase `purchaseId`. */
export type CheckOutBasket = DomainCommand<
  'CheckOutBasket',
  CurrentFacts & { readonly basketId: string; readonly purchaseId: string }
>;

/** The payment was cancelled (purchaseId), or the buyer reopened the details (null): unconfirm. */
export type CancelBasketConfirmation = DomainCommand<
  'CancelBasketConfirmation',
  { readonly basketId: string; readonly purchaseId: string | null }
>;

/** The purchase was paid: its documents leave the basket. */
export type ConvertBasket = DomainCommand<
  'ConvertBasket',
  { readonly basketId: string; readonly purchaseId: string; readonly documentIds: readonly string[] }
>;

export type BasketCommand =
  | AddDocumentToBasket
  | RemoveDocumentFromBasket
  | ClearBasket
  | ExpireBasket
  | ConfirmBasket
  | CheckOutBasket
  | CancelBasketConfirmation
  | ConvertBasket;

/** A basket with documents whose hour has run out. */
export function isBasketExpired(state: BasketState, now: Date): boolean {
  return (
    state.lines.length > 0 && state.activeUntil !== null && now.getTime() >= Date.parse(state.activeUntil)
  );
}

/** The sum of the lines' listed prices (the Estonian consumer prices), e.g. to ask the gateway for methods. */
export function basketTotal(state: BasketState): Cents {
  return state.lines.reduce((sum, line) => sum + line.price, 0);
}

/** The lines' net prices taxed at `rate` on the whole basket (domain/vat/document-vat.ts). */
export function basketAmounts(lines: readonly BasketLineState[], rate: BasisPoints): DocumentVat {
  return documentVat(
    lines.map((line) => line.licenceFee),
    rate,
  );
}

/** The facts of the VAT decision from the buyer's form, the offered methods and the context. */
function vatFactsOf(
  valid: ValidCheckoutDetails,
  lines: readonly BasketLineState[],
  offeredMethods: readonly OfferedMethod[],
  context: VatContext,
  now: Date,
) {
  const method = offeredMethods.find((m) => m.id === valid.paymentMethod);
  return {
    billingCountry: valid.payer.country ?? '',
    paymentMethodCountry: method?.country?.toUpperCase() ?? null,
    paymentMethod: valid.paymentMethod,
    declaredCountry: context.declaredCountry,
    vatNumber: valid.invoice?.vatNumber ?? null,
    vies: context.vies,
    chargeVatWhileViesUnavailable: context.chargeVatWhileViesUnavailable,
    domesticRate: context.domesticRate,
    crossBorderSales: context.crossBorderSales,
    ossThreshold: context.ossThreshold,
    ossFromFirstSale: context.ossFromFirstSale,
    taxableAmount: lines.reduce((sum, line) => sum + line.licenceFee, 0),
    day: ledgerDay(now.toISOString()),
  };
}

/** What the cart shows before the buyer confirms: the VAT the form's details lead to, or what is missing. */
export interface BasketVatQuote {
  readonly assessment: VatAssessment;
  /** The amounts at the decided rate; null until the VAT is decided. */
  readonly amounts: DocumentVat | null;
}

/** The VAT of the buyer's details on the basket's live lines, without deciding anything (the cart's preview). */
export function quoteBasketVat(
  state: BasketState,
  valid: ValidCheckoutDetails,
  offeredMethods: readonly OfferedMethod[],
  context: VatContext,
  now: Date,
): BasketVatQuote {
  const lines = liveLines(state, now);
  const assessment = assessVat(vatFactsOf(valid, lines, offeredMethods, context, now));
  return {
    assessment,
    amounts: assessment.state === 'decided' ? basketAmounts(lines, assessment.decision.rate) : null,
  };
}

/** Whether the events of a confirmation or checkout show that the basket changed instead. */
export function basketChangedUnderBuyer(events: readonly BasketEvent[]): boolean {
  return events.some((e) => e.type === 'BasketDocumentRepriced' || e.type === 'BasketDocumentWithdrawn');
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

/** A basket with documents, still within its hour; else "The basket is empty!". */
function liveLines(state: BasketState, now: Date): readonly BasketLineState[] {
  if (state.lines.length === 0 || isBasketExpired(state, now)) {
    throw new DomainError('SHOPPING_CART.BASKET_EMPTY');
  }
  return state.lines;
}

/**
 * Compares each line with its document now: unpublished or deleted documents are withdrawn, changed
 * prices (or rates) reprice the line. The buyer then sees the new total before paying.
 */
function changesSinceAdded(
  basketId: string,
  lines: readonly BasketLineState[],
  { documents, rates }: CurrentFacts,
): (BasketDocumentRepriced | BasketDocumentWithdrawn)[] {
  const changes: (BasketDocumentRepriced | BasketDocumentWithdrawn)[] = [];
  for (const line of lines) {
    const document = documents.find((d) => d?.documentId === line.documentId) ?? null;
    if (document === null || !document.published) {
      changes.push({ type: 'BasketDocumentWithdrawn', data: { basketId, documentId: line.documentId } });
      continue;
    }
    const { price, vat, licenceFee, serviceFee } = splitPrice(document.price, rates);
    if (
      price !== line.price ||
      vat !== line.vat ||
      licenceFee !== line.licenceFee ||
      serviceFee !== line.serviceFee
    ) {
      changes.push({
        type: 'BasketDocumentRepriced',
        data: { basketId, documentId: line.documentId, price, vat, licenceFee, serviceFee },
      });
    }
  }
  return changes;
}

function confirm({ data, context }: ConfirmBasket, state: BasketState): BasketEvent[] {
  const lines = liveLines(state, context.now);
  const valid = validateCheckoutDetails(
    data.details,
    data.offeredMethods.map((m) => m.id),
    { free: lines.length > 0 && basketTotal(state) === 0 },
  );
  const changes = changesSinceAdded(data.basketId, lines, data);
  // Recorded instead of a confirmation: the caller answers SHOPPING_CART.PRICES_CHANGED.
  if (changes.length > 0) return changes;
  const vat = decideVat(vatFactsOf(valid, lines, data.offeredMethods, data.vat, context.now));
  const { total } = basketAmounts(lines, vat.rate);
  if (data.expectedTotal !== total) throw new DomainError('SHOPPING_CART.PRICES_CHANGED');
  const current = state.confirmation;
  if (
    current !== null &&
    state.purchaseId === null &&
    current.language === data.language &&
    current.buyerId === data.buyerId &&
    current.total === total &&
    sameVat(current.vat, vat) &&
    sameCheckoutDetails(current, valid)
  ) {
    return [];
  }
  const confirmed: BasketConfirmed = {
    type: 'BasketConfirmed',
    data: {
      basketId: data.basketId,
      payer: valid.payer,
      invoice: valid.invoice,
      paymentMethod: valid.paymentMethod,
      paymentMethods: data.offeredMethods.map((m) => m.id),
      previewsSeen: true,
      termsAccepted: true,
      language: data.language,
      buyerId: data.buyerId,
      vat,
      total,
    },
  };
  return [confirmed];
}

/** The same treatment at the same rate for the same country on the same evidence. */
function sameVat(a: VatDecision, b: VatDecision): boolean {
  return (
    a.treatment === b.treatment &&
    a.rate === b.rate &&
    a.vatCountry === b.vatCountry &&
    a.buyerCountry === b.buyerCountry &&
    a.evidence.length === b.evidence.length
  );
}

function checkOut({ data, context }: CheckOutBasket, state: BasketState): BasketEvent[] {
  const lines = liveLines(state, context.now);
  if (state.confirmation === null) throw new DomainError('SHOPPING_CART.NOT_CONFIRMED');
  if (state.purchaseId === data.purchaseId) return [];
  const changes = changesSinceAdded(data.basketId, lines, data);
  if (changes.length > 0) return changes;
  return [{ type: 'BasketCheckedOut', data: { basketId: data.basketId, purchaseId: data.purchaseId } }];
}

function cancelConfirmation({ data }: CancelBasketConfirmation, state: BasketState): BasketEvent[] {
  if (state.confirmation === null) return [];
  // A late cancel of an earlier purchase must not unconfirm the buyer's newer confirmation.
  if (data.purchaseId !== null && state.purchaseId !== data.purchaseId) return [];
  return [{ type: 'BasketConfirmationCanceled', data }];
}

function convert({ data }: ConvertBasket, state: BasketState): BasketEvent[] {
  if (state.convertedPurchaseIds.includes(data.purchaseId)) return [];
  return [{ type: 'BasketConverted', data }];
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
    case 'ConfirmBasket':
      return confirm(command, state);
    case 'CheckOutBasket':
      return checkOut(command, state);
    case 'CancelBasketConfirmation':
      return cancelConfirmation(command, state);
    case 'ConvertBasket':
      return convert(command, state);
    default:
      return assertNever(command);
  }
}

const unconfirmed = (state: BasketState): BasketState => ({ ...state, confirmation: null, purchaseId: null });

/**
 * SPEC §4: adding sets active-until, unconfirms the basket and clears payment methods; any other change
 * of the lines unconfirms it too (the buyer confirms the total they pay); clearing empties it.
 */
export function evolveBasket(state: BasketState, event: BasketEvent): BasketState {
  switch (event.type) {
    case 'BasketDocumentAdded': {
      const { documentId, slug, title, price, vat, licenceFee, serviceFee, activeUntil } = event.data;
      return {
        ...unconfirmed(state),
        lines: [...state.lines, { documentId, slug, title, price, vat, licenceFee, serviceFee }],
        activeUntil,
      };
    }
    case 'BasketDocumentRemoved':
    case 'BasketDocumentWithdrawn':
      return {
        ...unconfirmed(state),
        lines: state.lines.filter((line) => line.documentId !== event.data.documentId),
      };
    case 'BasketDocumentRepriced': {
      const { documentId, price, vat, licenceFee, serviceFee } = event.data;
      return {
        ...unconfirmed(state),
        lines: state.lines.map((line) =>
          line.documentId === documentId ? { ...line, price, vat, licenceFee, serviceFee } : line,
        ),
      };
    }
    case 'BasketCleared':
    case 'BasketExpired':
      return {
        ...initialBasketState,
        confirmations: state.confirmations,
        convertedPurchaseIds: state.convertedPurchaseIds,
        checkedOutPurchaseIds: state.checkedOutPurchaseIds,
      };
    case 'BasketConfirmed': {
      const { payer, invoice, paymentMethod, paymentMethods, language, buyerId, vat, total } = event.data;
      return {
        ...state,
        confirmation: { payer, invoice, paymentMethod, paymentMethods, language, buyerId, vat, total },
        purchaseId: null,
        confirmations: state.confirmations + 1,
      };
    }
    case 'BasketConfirmationCanceled':
      return unconfirmed(state);
    case 'BasketCheckedOut':
      return {
        ...state,
        purchaseId: event.data.purchaseId,
        checkedOutPurchaseIds: state.checkedOutPurchaseIds.includes(event.data.purchaseId)
          ? state.checkedOutPurchaseIds
          : [...state.checkedOutPurchaseIds, event.data.purchaseId],
      };
    case 'BasketConverted': {
      const lines = state.lines.filter((line) => !event.data.documentIds.includes(line.documentId));
      return {
        ...unconfirmed(state),
        lines,
        activeUntil: lines.length > 0 ? state.activeUntil : null,
        convertedPurchaseIds: [...state.convertedPurchaseIds, event.data.purchaseId],
      };
    }
    default:
      return assertNever(event);
  }
}

/**
 * The purchases of this basket that a new checkout (`current`) must end first: every earlier one that no
 * payment converted the basket for. (Ended ones are found ended and left as they are.)
 */
export function earlierLivePurchaseIds(state: BasketState, current: string): string[] {
  return state.checkedOutPurchaseIds.filter(
    (id) => id !== current && !state.convertedPurchaseIds.includes(id),
  );
}

export const basketDecider = { initialState: initialBasketState, decide: decideBasket, evolve: evolveBasket };
