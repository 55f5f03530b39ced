import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ExpiredBasketsHandler } from './basket/expired-baskets.handler';
import { GetBasketHandler } from './basket/get-basket.handler';
import { GetDocumentPreviewHandler } from './catalogue/get-document-preview.handler';
import { GetDocumentPageImageHandler } from './catalogue/get-document-page-image.handler';
import { GetMailSettingsHandler } from './users/get-mail-settings.handler';
import { GetDocumentHandler } from './catalogue/get-document.handler';
import {
  CataloguePositionHandler,
  SitemapHandler,
  WasDocumentDeletedHandler,
} from './catalogue/sitemap.handlers';
import { GetMyDocumentHandler } from './my-documents/get-my-document.handler';
import { GetPriceSplitHandler } from './my-documents/get-price-split.handler';
import { ListMyDocumentsHandler } from './my-documents/list-my-documents.handler';
import {
  FindPurchasesByNumberHandler,
  GetPurchaseHandler,
  ListInvoicesHandler,
  ListPurchasesHandler,
  PurchasesDueHandler,
  PendingPurchasesHandler,
} from './purchases/purchases.handlers';
import {
  GetPayoutBatchFileHandler,
  GetPayoutBatchHandler,
  ListPayoutBatchesHandler,
} from './money/payout-batches.handler';
import { GetDashboardHandler } from './money/get-dashboard.handler';
import { GetJournalHandler } from './money/get-journal.handler';
import { GetPayoutRequestInfoHandler } from './money/get-payout-request-info.handler';
import { GetPayoutHandler } from './money/get-payout.handler';
import { GetReconciliationHandler } from './money/get-reconciliation.handler';
import { GetReleasedEarningsHandler } from './money/get-released-earnings.handler';
import { GetSalesSummaryHandler } from './money/get-sales-summary.handler';
import { ListPayoutsHandler } from './money/list-payouts.handler';
import { GetSessionsEndedAtHandler } from './sign-in/get-sessions-ended-at.handler';
import { SearchDocumentsHandler } from './search/search-documents.handler';
import { GetAdminUserHandler } from './users/get-admin-user.handler';
import { GetProductUserHandler } from './users/get-product-user.handler';
import { ListUsersHandler } from './users/list-users.handler';
import { GetCrossBorderSalesHandler } from './vat/get-cross-border-sales.handler';
import { GetKmdReturnHandler, GetOssReturnHandler } from './vat/get-vat-return.handler';

/** Every query handler; they read read models only. */
@Module({
  imports: [CqrsModule],
  providers: [
    SearchDocumentsHandler,
    GetDocumentHandler,
    GetDocumentPreviewHandler,
    GetDocumentPageImageHandler,
    GetMailSettingsHandler,
    SitemapHandler,
    CataloguePositionHandler,
    WasDocumentDeletedHandler,
    GetMyDocumentHandler,
    ListMyDocumentsHandler,
    GetPriceSplitHandler,
    GetBasketHandler,
    ExpiredBasketsHandler,
    GetProductUserHandler,
    ListUsersHandler,
    GetAdminUserHandler,
    GetPurchaseHandler,
    ListPurchasesHandler,
    ListInvoicesHandler,
    FindPurchasesByNumberHandler,
    PurchasesDueHandler,
    PendingPurchasesHandler,
    GetReleasedEarningsHandler,
    GetSalesSummaryHandler,
    GetPayoutRequestInfoHandler,
    ListPayoutsHandler,
    GetPayoutHandler,
    ListPayoutBatchesHandler,
    GetPayoutBatchHandler,
    GetPayoutBatchFileHandler,
    GetJournalHandler,
    GetReconciliationHandler,
    GetCrossBorderSalesHandler,
    GetKmdReturnHandler,
    GetOssReturnHandler,
    GetDashboardHandler,
    GetSessionsEndedAtHandler,
  ],
})
export class QueriesModule {}
