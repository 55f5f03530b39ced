import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ExpiredBasketsHandler } from './basket/expired-baskets.handler';
import { GetBasketHandler } from './basket/get-basket.handler';
import { GetDocumentHandler } from './catalogue/get-document.handler';
import { SearchDocumentsHandler } from './catalogue/search-documents.handler';
import {
  FindPurchasesByNumberHandler,
  GetPurchaseHandler,
  ListInvoicesHandler,
  ListPurchasesHandler,
  PurchasesDueHandler,
} from './purchases/purchases.handlers';
import { GetAdminUserHandler } from './users/get-admin-user.handler';
import { GetProductUserHandler } from './users/get-product-user.handler';
import { ListUsersHandler } from './users/list-users.handler';

/** Every query handler; they read read models only. */
@Module({
  imports: [CqrsModule],
  providers: [
    SearchDocumentsHandler,
    GetDocumentHandler,
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
  ],
})
export class QueriesModule {}
