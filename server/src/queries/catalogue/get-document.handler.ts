import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS_COLLECTION, type DocumentView } from '../../projections/catalogue/catalogue.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { type DocumentDetail, toDetail } from './document.views';
import { GetDocumentQuery } from './get-document.query';

@QueryHandler(GetDocumentQuery)
export class GetDocumentHandler implements IQueryHandler<GetDocumentQuery, DocumentDetail | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ slug }: GetDocumentQuery): Promise<DocumentDetail | null> {
    const doc = await this.readStore
      .collection<DocumentView>(DOCUMENTS_COLLECTION)
      .findOne({ slug, status: 'published' });
    return doc ? toDetail(doc) : null;
  }
}
