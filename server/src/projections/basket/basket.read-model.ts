import type { ReadModel } from '../../infrastructure/read-store/read-store.port';

export const BASKETS_COLLECTION = 'baskets';

export interface BasketLineView {
  readonly documentId: string;
  readonly slug: string;
  readonly title: string;
  readonly price: number;
  readonly vat: number;
  readonly licenceFee: number;
  readonly serviceFee: number;
  readonly addedAt: string;
}

export interface BasketView extends ReadModel {
  readonly lines: readonly BasketLineView[];
  readonly activeUntil: string | null;
  readonly confirmed: boolean;
  readonly paymentMethods: readonly string[] | null;
  readonly updatedAt: string;
}
