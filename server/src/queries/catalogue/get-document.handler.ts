import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DOCUMENTS_COLLECTION, type DocumentView } from '../../projections/catalogue/catalogue.read-model';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { type DocumentDetail, toDetail } from './document.views';
import { GetDocumentQuery } from './get-document.query';

/** The catalogue document a viewer may see: published, or their own draft. */
export async function visibleDocument(
  readStore: ReadStore,
  slug: string,
  viewerId: string | null,
): Promise<DocumentView | null> {
  const doc = await readStore.collection<DocumentView>(DOCUMENTS_COLLECTION).findOne({ slug });
  if (!doc || doc.status === 'deleted') return null;
  if (doc.status === 'published' || (viewerId !== null && doc.uploaderId === viewerId)) return doc;
  return null;
}

@QueryHandler(GetDocumentQuery)
export class GetDocumentHandler implements IQueryHandler<GetDocumentQuery, DocumentDetail | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ slug, viewerId }: GetDocumentQuery): Promise<DocumentDetail | null> {
    const doc = await visibleDocument(this.readStore, slug, viewerId);
    return doc ? toDetail(doc) : null;
  }
}
