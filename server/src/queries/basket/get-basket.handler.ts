import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { BasisPoints } from '../../domain/shared/money';
import { documentVat } from '../../domain/vat/document-vat';
import { BASKETS_COLLECTION, type BasketView } from '../../projections/basket/basket.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { type BasketSummary, GetBasketQuery } from './get-basket.query';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * The cart's figures: the net prices, the service fee within them, the VAT on the whole basket and the
 * total. Until the buyer confirms, the VAT is Estonia's (the shop's own); the confirmation's decision
 * (the buyer's country, reverse charge, outside the EU) replaces it.
 */
export function summarizeBasket(
  basketId: string,
  view: BasketView | null,
  now: Date,
  domesticRate: BasisPoints,
): BasketSummary {
  const expired = view?.activeUntil != null && now.getTime() >= Date.parse(view.activeUntil);
  const lines = view && !expired ? view.lines : [];
  const confirmed = lines.length > 0 && (view?.confirmed ?? false) && view?.vat != null;
  const treatment =
    confirmed && view?.vat
      ? { ...view.vat, confirmed: true }
      : {
          treatment: 'domestic' as const,
          reason: 'estonian-buyer' as const,
          buyerCountry: null,
          vatCountry: 'EE',
          rate: domesticRate,
          confirmed: false,
        };
  const amounts = documentVat(
    lines.map((l) => l.licenceFee),
    treatment.rate,
  );
  return {
    id: basketId,
    documents: lines,
    documentCount: lines.length,
    subtotal: amounts.taxableAmount,
    serviceFee: sum(lines.map((l) => l.serviceFee)),
    vat: amounts.vat,
    total: amounts.total,
    listTotal: sum(lines.map((l) => l.price)),
    vatTreatment: treatment,
    activeUntil: lines.length > 0 ? (view?.activeUntil ?? null) : null,
    confirmed: lines.length > 0 && (view?.confirmed ?? false),
    paymentMethods: lines.length > 0 ? (view?.paymentMethods ?? null) : null,
    checkout: lines.length > 0 ? (view?.checkout ?? null) : null,
    purchaseId: lines.length > 0 ? (view?.purchaseId ?? null) : null,
  };
}

@QueryHandler(GetBasketQuery)
export class GetBasketHandler implements IQueryHandler<GetBasketQuery, BasketSummary> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ basketId, now }: GetBasketQuery): Promise<BasketSummary> {
    const view = await this.readStore.collection<BasketView>(BASKETS_COLLECTION).findOne({ _id: basketId });
    return summarizeBasket(basketId, view, now, this.config.feeRates.vatRate);
  }
}
