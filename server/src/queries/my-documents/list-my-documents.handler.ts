import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { searchTerms } from '../../domain/catalogue/search-text';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  MY_DOCUMENTS_COLLECTION,
  type MyDocumentView,
} from '../../projections/my-documents/my-documents.read-model';
import { ListMyDocumentsQuery, type MyDocumentFilter, type MyDocumentsPage } from './list-my-documents.query';
import { toMyDocumentRow } from './my-document.views';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BY_FILTER: Readonly<Record<MyDocumentFilter, Filter>> = {
  all: {},
  public: { status: 'published' },
  paid: { 'details.price': { $gt: 0 } },
};

@QueryHandler(ListMyDocumentsQuery)
export class ListMyDocumentsHandler implements IQueryHandler<ListMyDocumentsQuery, MyDocumentsPage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ uploaderId, criteria }: ListMyDocumentsQuery): Promise<MyDocumentsPage> {
    const documents = this.readStore.collection<MyDocumentView>(MY_DOCUMENTS_COLLECTION);
    const mine: Filter = { uploaderId };
    const terms = criteria.q ? searchTerms(criteria.q) : [];
    const filter: Filter = { ...mine, ...BY_FILTER[criteria.filter] };
    if (terms.length > 0) filter.$and = terms.map((term) => ({ searchText: { $regex: escapeRegex(term) } }));
    const [items, total, all, published, paid] = await Promise.all([
      documents.find(filter, {
        sort: { createdAt: -1, _id: 1 },
        skip: criteria.offset,
        limit: criteria.limit,
      }),
      documents.count(filter),
      documents.count(mine),
      documents.count({ ...mine, ...BY_FILTER.public }),
      documents.count({ ...mine, ...BY_FILTER.paid }),
    ]);
    return {
      items: items.map(toMyDocumentRow),
      total,
      counts: { documents: all, public: published, paid },
      offset: criteria.offset,
      limit: criteria.limit,
    };
  }
}
