import { Module } from '@nestjs/common';
import { BasketProjection } from './basket/basket.projection';
import { CatalogueProjection } from './catalogue/catalogue.projection';
import { MyDocumentsProjection } from './my-documents/my-documents.projection';
import { DashboardProjection } from './money/dashboard.projection';
import { MailSettingsProjection } from './mail-settings/mail-settings.projection';
import { LedgerProjection } from './money/ledger.projection';
import { PayoutsProjection } from './money/payouts.projection';
import { SalesProjection } from './money/sales.projection';
import { PROJECTIONS } from './projection';
import { ProjectionRunner } from './projection-runner';
import { PurchasesProjection } from './purchases/purchases.projection';
import { SignInProjection } from './sign-in/sign-in.projection';
import { SearchProjection } from './search/search.projection';
import { UsersProjection } from './users/users.projection';
import { VatProjection } from './vat/vat.projection';

/** Every projection and the runner that keeps them following the log. */
export const ALL_PROJECTIONS = () => [
  new CatalogueProjection(),
  new BasketProjection(),
  new UsersProjection(),
  new PurchasesProjection(),
  new LedgerProjection(),
  new SalesProjection(),
  new PayoutsProjection(),
  new DashboardProjection(),
  new SignInProjection(),
  new SearchProjection(),
  new MyDocumentsProjection(),
  new MailSettingsProjection(),
  new VatProjection(),
];

@Module({
  providers: [{ provide: PROJECTIONS, useFactory: ALL_PROJECTIONS }, ProjectionRunner],
  exports: [ProjectionRunner],
})
export class ProjectionsModule {}
