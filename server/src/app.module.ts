import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminUsersController } from './api/admin/admin-users.controller';
import { AuthModule } from './api/auth/auth.module';
import { BasketController } from './api/basket/basket.controller';
import { BlobDownloadController } from './api/blobs/blob-download.controller';
import { CatalogueController } from './api/catalogue/catalogue.controller';
import { CheckoutController } from './api/checkout/checkout.controller';
import { MakeCommerceCallbacksController } from './api/payments/makecommerce-callbacks.controller';
import { AdminPurchasesController } from './api/purchases/admin-purchases.controller';
import { PurchasesController } from './api/purchases/purchases.controller';
import { UserPurchasesController } from './api/purchases/user-purchases.controller';
import { ConfigController } from './api/config/config.controller';
import { HealthController } from './api/health/health.controller';
import { UserController } from './api/user/user.controller';
import { BasketExpiryScheduler } from './commands/basket/basket-expiry.scheduler';
import { CommandsModule } from './commands/commands.module';
import type { AppConfig } from './config/app-config';
import type { Clock } from './infrastructure/clock/clock';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { ProjectionsModule } from './projections/projections.module';
import { QueriesModule } from './queries/queries.module';
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
        AuthModule,
      ],
      controllers: [
        CatalogueController,
        BasketController,
        BlobDownloadController,
        HealthController,
        ConfigController,
        UserController,
        AdminUsersController,
        CheckoutController,
        MakeCommerceCallbacksController,
        PurchasesController,
        UserPurchasesController,
        AdminPurchasesController,
      ],
      providers: [DemoSeeder, BasketExpiryScheduler],
    };
  }
}
