import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { searchTerms } from '../../domain/catalogue/search-text';
import { DOCUMENTS_COLLECTION, type DocumentView } from '../../projections/catalogue/catalogue.read-model';
import {
  type Filter,
  READ_STORE,
  type ReadStore,
  type Sort,
} from '../../infrastructure/read-store/read-store.port';
import { toSummary } from './document.views';
import { SearchDocumentsQuery, type SearchDocumentsResult, type SearchSort } from './search-documents.query';

const SORTS: Readonly<Record<SearchSort, Sort>> = {
  newest: { createdAt: -1, _id: 1 },
  oldest: { createdAt: 1, _id: 1 },
  'price-desc': { price: -1, createdAt: -1, _id: 1 },
  'price-asc': { price: 1, createdAt: -1, _id: 1 },
};

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds the read-store filter: published only, every query word must appear in the folded search text. */
export function searchFilter(criteria: SearchDocumentsQuery['criteria']): Filter {
  const filter: Filter = { status: 'published' };
  const terms = criteria.q ? searchTerms(criteria.q) : [];
  if (terms.length > 0) filter.$and = terms.map((term) => ({ searchText: { $regex: escapeRegex(term) } }));
  if (criteria.fieldOfLaw) filter.fieldOfLaw = criteria.fieldOfLaw;
  if (criteria.language) filter.language = criteria.language;
  if (criteria.applicableLaw) filter.applicableLaw = criteria.applicableLaw;
  if (criteria.uploaderId) filter.uploaderId = criteria.uploaderId;
  return filter;
}

@QueryHandler(SearchDocumentsQuery)
export class SearchDocumentsHandler implements IQueryHandler<SearchDocumentsQuery, SearchDocumentsResult> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: SearchDocumentsQuery): Promise<SearchDocumentsResult> {
    const documents = this.readStore.collection<DocumentView>(DOCUMENTS_COLLECTION);
    const filter = searchFilter(criteria);
    const [items, total] = await Promise.all([
      documents.find(filter, { sort: SORTS[criteria.sort], skip: criteria.offset, limit: criteria.limit }),
      documents.count(filter),
    ]);
    return { items: items.map(toSummary), total, offset: criteria.offset, limit: criteria.limit };
  }
}
