import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ExpiredBasketsHandler } from './basket/expired-baskets.handler';
import { GetBasketHandler } from './basket/get-basket.handler';
import { GetDocumentPreviewHandler } from './catalogue/get-document-preview.handler';
import { GetDocumentHandler } from './catalogue/get-document.handler';
import { GetMyDocumentHandler } from './my-documents/get-my-document.handler';
import { GetPriceSplitHandler } from './my-documents/get-price-split.handler';
import { ListMyDocumentsHandler } from './my-documents/list-my-documents.handler';
import { GetSessionsEndedAtHandler } from './sign-in/get-sessions-ended-at.handler';
import { SearchDocumentsHandler } from './search/search-documents.handler';
import { GetAdminUserHandler } from './users/get-admin-user.handler';
import { GetProductUserHandler } from './users/get-product-user.handler';
import { ListUsersHandler } from './users/list-users.handler';

/** Every query handler; they read read models only. */
@Module({
  imports: [CqrsModule],
  providers: [
    SearchDocumentsHandler,
    GetDocumentHandler,
    GetDocumentPreviewHandler,
    GetMyDocumentHandler,
    ListMyDocumentsHandler,
    GetPriceSplitHandler,
    GetBasketHandler,
    ExpiredBasketsHandler,
    GetProductUserHandler,
    ListUsersHandler,
    GetAdminUserHandler,
    GetSessionsEndedAtHandler,
  ],
})
export class QueriesModule {}
