import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ExpiredBasketsHandler } from './basket/expired-baskets.handler';
import { GetBasketHandler } from './basket/get-basket.handler';
import { GetDocumentHandler } from './catalogue/get-document.handler';
import { SearchDocumentsHandler } from './catalogue/search-documents.handler';

/** Every query handler; they read read models only. */
@Module({
  imports: [CqrsModule],
  providers: [SearchDocumentsHandler, GetDocumentHandler, GetBasketHandler, ExpiredBasketsHandler],
})
export class QueriesModule {}
