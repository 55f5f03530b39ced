import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BASKETS_COLLECTION, type BasketView } from '../../projections/basket/basket.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { type BasketSummary, GetBasketQuery } from './get-basket.query';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export function summarizeBasket(basketId: string, view: BasketView | null, now: Date): BasketSummary {
  const expired = view?.activeUntil != null && now.getTime() >= Date.parse(view.activeUntil);
  const lines = view && !expired ? view.lines : [];
  const subtotal = sum(lines.map((l) => l.price));
  return {
    id: basketId,
    documents: lines,
    documentCount: lines.length,
    subtotal,
    serviceFee: sum(lines.map((l) => l.serviceFee)),
    vat: sum(lines.map((l) => l.vat)),
    total: subtotal,
    activeUntil: lines.length > 0 ? (view?.activeUntil ?? null) : null,
    confirmed: lines.length > 0 && (view?.confirmed ?? false),
    paymentMethods: lines.length > 0 ? (view?.paymentMethods ?? null) : null,
    checkout: lines.length > 0 ? (view?.checkout ?? null) : null,
    purchaseId: lines.length > 0 ? (view?.purchaseId ?? null) : null,
  };
}

@QueryHandler(GetBasketQuery)
export class GetBasketHandler implements IQueryHandler<GetBasketQuery, BasketSummary> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ basketId, now }: GetBasketQuery): Promise<BasketSummary> {
    const view = await this.readStore.collection<BasketView>(BASKETS_COLLECTION).findOne({ _id: basketId });
    return summarizeBasket(basketId, view, now);
  }
}
