import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ExpiredBasketsHandler } from './basket/expired-baskets.handler';
import { GetBasketHandler } from './basket/get-basket.handler';
import { GetDocumentHandler } from './catalogue/get-document.handler';
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
    GetBasketHandler,
    ExpiredBasketsHandler,
    GetProductUserHandler,
    ListUsersHandler,
    GetAdminUserHandler,
    GetSessionsEndedAtHandler,
  ],
})
export class QueriesModule {}
