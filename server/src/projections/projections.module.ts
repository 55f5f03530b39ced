import { Module } from '@nestjs/common';
import { BasketProjection } from './basket/basket.projection';
import { CatalogueProjection } from './catalogue/catalogue.projection';
import { PROJECTIONS } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PurchasesProjection } from './purchases/purchases.projection';
import { UsersProjection } from './users/users.projection';

/** Every projection and the runner that keeps them following the log. */
export const ALL_PROJECTIONS = () => [
  new CatalogueProjection(),
  new BasketProjection(),
  new UsersProjection(),
  new PurchasesProjection(),
];

@Module({
  providers: [{ provide: PROJECTIONS, useFactory: ALL_PROJECTIONS }, ProjectionRunner],
  exports: [ProjectionRunner],
})
export class ProjectionsModule {}
