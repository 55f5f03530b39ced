import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminUsersController } from './api/admin/admin-users.controller';
import { AuthModule } from './api/auth/auth.module';
import { BasketController } from './api/basket/basket.controller';
import { BlobDownloadController } from './api/blobs/blob-download.controller';
import { CatalogueController } from './api/catalogue/catalogue.controller';
import { SiteController } from './api/site/site.controller';
import { MyDocumentsController } from './api/documents/my-documents.controller';
import { CheckoutController } from './api/checkout/checkout.controller';
import { CardPaymentController } from './api/payments/card-payment.controller';
import { MakeCommerceCallbacksController } from './api/payments/makecommerce-callbacks.controller';
import { AccountingPurchasesController } from './api/purchases/accounting-purchases.controller';
import { AdminPurchasesController } from './api/purchases/admin-purchases.controller';
import { PurchaseAccess } from './api/purchases/purchase-access';
import { PurchasesController } from './api/purchases/purchases.controller';
import { UserPurchasesController } from './api/purchases/user-purchases.controller';
import { ConfigController } from './api/config/config.controller';
import { HealthController } from './api/health/health.controller';
import { AccountingController } from './api/money/accounting.controller';
import { AdminPayoutBatchesController, AdminPayoutsController } from './api/money/admin-payouts.controller';
import { AdminReportsController } from './api/money/admin-reports.controller';
import { ProjectionRebuilds } from './api/money/projection-rebuilds';
import { UploaderMoneyController } from './api/money/uploader-money.controller';
import { AccountWriteLimits } from './api/http/account-write-limit.guard';
import { AnonymousWriteLimitGuard } from './api/http/anonymous-write-limit.guard';
import { SessionsController } from './api/user/sessions.controller';
import { MailSettingsController } from './api/user/mail-settings.controller';
import { AccountSettingsController } from './api/user/account-settings.controller';
import { SearchController } from './api/search/search.controller';
import { UserController } from './api/user/user.controller';
import { BasketExpiryScheduler } from './commands/basket/basket-expiry.scheduler';
import { CommandsModule } from './commands/commands.module';
import type { AppConfig } from './config/app-config';
import type { Clock } from './infrastructure/clock/clock';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { EmbeddedGatewayMount } from './infrastructure/payments/embedded-gateway/embedded-gateway.mount';
import { ProcessesModule } from './processes/processes.module';
import { ProjectionsModule } from './projections/projections.module';
import { QueriesModule } from './queries/queries.module';
import { DemoHistorySeeder } from './seed/demo-history-seeder';
import { DemoSeeder } from './seed/demo-seeder';

@Module({})
export class AppModule {
  static forConfig(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        InfrastructureModule.forConfig(config, clock),
        CommandsModule,
        QueriesModule,
        ProjectionsModule,
        ProcessesModule,
        AuthModule,
      ],
      controllers: [
        CatalogueController,
        SiteController,
        MyDocumentsController,
        SearchController,
        BasketController,
        BlobDownloadController,
        HealthController,
        ConfigController,
        UserController,
        AdminUsersController,
        CheckoutController,
        MakeCommerceCallbacksController,
        CardPaymentController,
        PurchasesController,
        UserPurchasesController,
        AdminPurchasesController,
        AccountingPurchasesController,
        UploaderMoneyController,
        AdminPayoutsController,
        AdminPayoutBatchesController,
        AccountingController,
        AdminReportsController,
        SessionsController,
        MailSettingsController,
        AccountSettingsController,
      ],
      providers: [
        DemoSeeder,
        DemoHistorySeeder,
        BasketExpiryScheduler,
        ProjectionRebuilds,
        PurchaseAccess,
        // The test gateway's pages are HTTP, so the HTTP app mounts them (not the infrastructure, which
        // `npm run projections` also starts, without HTTP).
        ...(config.payments.gateway === 'embedded' ? [EmbeddedGatewayMount] : []),
        { provide: APP_GUARD, useClass: AnonymousWriteLimitGuard },
        AccountWriteLimits,
      ],
    };
  }
}
