import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { nameQueryWords, queryWords, type QueryWord } from '../../domain/search/search-terms';
import {
  type FieldCounts,
  type Filter,
  READ_STORE,
  type ReadStore,
  type Score,
} from '../../infrastructure/read-store/read-store.port';
import {
  SEARCH_DOCUMENTS_COLLECTION,
  SEARCH_RESULT_FIELDS,
  SEARCH_RESULTS_VERSION_ID,
  SEARCH_UPLOADERS_COLLECTION,
  SEARCH_VERSION_COLLECTION,
  type SearchDocumentView,
  type SearchUploaderView,
  type SearchVersionView,
} from '../../projections/search/search.read-model';
import type { DocumentSummary } from '../catalogue/document.views';
import { encodeCursor, SORT_KEYS } from './search-cursor';
import {
  type Facet,
  FACETS,
  type SearchCriteria,
  SearchDocumentsQuery,
  type SearchResult,
  type SearchSort,
} from './search-documents.query';

/** Prefixes are letters, digits and ':' already; escaping keeps them literal whatever comes. */
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Relevance weights (docs/decisions/search-ranking.md): a word typed with õ ä ö ü … and found with those
 * letters above one that only folds alike; then title above tags above the rest; exact words break ties.
 */
export const WEIGHTS = { letters: 1000, title: 100, tag: 10, exact: 1 } as const;

/** The read-model field each facet counts. */
const FACET_FIELDS: Readonly<Record<Facet, string>> = {
  fieldOfLaw: 'fieldOfLaw',
  language: 'language',
  format: 'formats',
  year: 'year',
};

function matchesWord(field: string, word: QueryWord): Filter {
  const clauses = word.prefixes.map((prefix) => ({ [field]: { $regex: `^${escapeRegex(prefix)}` } }));
  return clauses.length === 1 ? clauses[0]! : { $or: clauses };
}

interface Words {
  readonly text: QueryWord[];
  readonly title: QueryWord[];
  readonly author: QueryWord[];
}

/** The filter of a facet's counts: every criterion except the facet's own (null: the full filter). */
function searchFilter(criteria: SearchCriteria, words: Words, without: Facet | null = null): Filter {
  const filter: Filter = { status: 'published' };
  const and: Filter[] = [
    ...words.text.map((word) => matchesWord('terms', word)),
    ...words.title.map((word) => matchesWord('titleTerms', word)),
    ...words.author.map((word) => matchesWord('peopleTerms', word)),
  ];
  if (and.length > 0) filter['$and'] = and;
  if (criteria.fieldOfLaw && without !== 'fieldOfLaw') filter['fieldOfLaw'] = criteria.fieldOfLaw;
  if (criteria.language && without !== 'language') filter['language'] = criteria.language;
  if (criteria.year !== undefined && without !== 'year') filter['year'] = criteria.year;
  if (criteria.format && without !== 'format') filter['formats'] = criteria.format;
  if (criteria.applicableLaw) filter['applicableLaw'] = criteria.applicableLaw;
  if (criteria.uploaderId) filter['uploaderId'] = criteria.uploaderId;
  return filter;
}

function relevance(words: Words): Score {
  const clauses = [...words.text, ...words.title].flatMap((word) => [
    // Typed with õ ä ö ü …: found with those letters ranks first; typed without: found only through
    // a word that has them (and folds alike) ranks last.
    word.letters.length > 0
      ? { filter: matchesWord('letterTerms', { ...word, prefixes: word.letters }), weight: WEIGHTS.letters }
      : { filter: matchesWord('foldedLetterTerms', word), weight: -WEIGHTS.letters },
    { filter: matchesWord('titleTerms', word), weight: WEIGHTS.title },
    { filter: matchesWord('tagTerms', word), weight: WEIGHTS.tag },
    { filter: { words: word.exact }, weight: WEIGHTS.exact },
  ]);
  return { as: 'score', clauses };
}

function toSummary(doc: SearchDocumentView): DocumentSummary {
  return {
    id: doc._id,
    slug: doc.slug,
    title: doc.title,
    description: doc.description,
    author: doc.author,
    uploader: { id: doc.uploaderId, name: doc.uploaderName },
    fieldOfLaw: doc.fieldOfLaw,
    language: doc.language,
    applicableLaw: doc.applicableLaw,
    year: doc.year,
    price: doc.price,
    tags: doc.tags,
    formats: doc.formats,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const NO_FACETS: SearchResult['facets'] = { fieldOfLaw: {}, language: {}, format: {}, year: {} };

/**
 * Search over the search read model: every filter is an indexed condition; text and title words match
 * term prefixes; relevance is a weighted score; pages follow a keyset cursor; facet counts leave out
 * their own filter, so a person sees what the other choices would give.
 */
/**
 * Results kept per search; a popular query is answered from memory until the read model moves on. A
 * first-time search reads the read store in about a millisecond, so the cache keeps only the popular ones
 * (each result with its JSON is some 30 KB of memory).
 */
const RESULT_CACHE_SIZE = 100;

@QueryHandler(SearchDocumentsQuery)
export class SearchDocumentsHandler implements IQueryHandler<SearchDocumentsQuery, SearchResult> {
  /**
   * criteria → result, valid for one version of what searches can find (the search projection writes it
   * with every batch that changes a published document), so never stale, on any number of instances, and
   * kept through writes that change nothing a search finds (drafts, profiles, baskets, payments).
   */
  private readonly cache = new Map<string, SearchResult>();
  private cachedAt: string | null = null;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: SearchDocumentsQuery): Promise<SearchResult> {
    const version = await this.readStore
      .collection<SearchVersionView>(SEARCH_VERSION_COLLECTION)
      .findOne({ _id: SEARCH_RESULTS_VERSION_ID });
    const checkpoint = version?.position ?? null;
    if (checkpoint !== this.cachedAt) {
      this.cache.clear();
      this.cachedAt = checkpoint;
    }
    const key = JSON.stringify(criteria);
    const cached = this.cache.get(key);
    if (cached) {
      // Most recently used last, so the oldest entry is the first to go.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const result = await this.search(criteria);
    if (this.cachedAt === checkpoint) {
      this.cache.set(key, result);
      if (this.cache.size > RESULT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    return result;
  }

  private async search(criteria: SearchCriteria): Promise<SearchResult> {
    const words: Words = {
      text: criteria.q ? queryWords(criteria.q) : [],
      title: criteria.title ? queryWords(criteria.title) : [],
      author: criteria.author ? nameQueryWords(criteria.author) : [],
    };
    const ranked = words.text.length + words.title.length > 0;
    const sort: SearchSort = criteria.sort ?? (ranked ? 'relevance' : 'newest');
    const uploader = criteria.uploaderId ? await this.uploader(criteria.uploaderId) : null;
    const typedButNoWords =
      (criteria.q?.trim() && words.text.length === 0) ||
      (criteria.title?.trim() && words.title.length === 0) ||
      (criteria.author?.trim() && words.author.length === 0);
    if (typedButNoWords) return { items: [], total: 0, nextCursor: null, sort, facets: NO_FACETS, uploader };

    const documents = this.readStore.collection<SearchDocumentView>(SEARCH_DOCUMENTS_COLLECTION);
    const filter = searchFilter(criteria, words);
    const after = criteria.after?.sort === sort ? criteria.after.values : undefined;
    const [found, total, facets] = await Promise.all([
      documents.find(filter, {
        sort: SORT_KEYS[sort],
        after,
        limit: criteria.limit + 1,
        fields: SEARCH_RESULT_FIELDS,
        ...(sort === 'relevance' ? { score: relevance(words) } : {}),
      }),
      documents.count(filter),
      this.facets(criteria, words, filter),
    ]);
    const page = found.slice(0, criteria.limit);
    const last = page.at(-1);
    const nextCursor =
      found.length > criteria.limit && last
        ? encodeCursor({
            sort,
            values: Object.fromEntries(
              Object.keys(SORT_KEYS[sort]).map((key) => [key, last[key] as string | number]),
            ),
          })
        : null;
    return { items: page.map(toSummary), total, nextCursor, sort, facets, uploader };
  }

  /** Facets without a chosen value share one count over the full filter; each chosen one is counted without itself. */
  private async facets(
    criteria: SearchCriteria,
    words: Words,
    filter: Filter,
  ): Promise<SearchResult['facets']> {
    const documents = this.readStore.collection<SearchDocumentView>(SEARCH_DOCUMENTS_COLLECTION);
    const chosen = FACETS.filter((facet) => criteria[facet] !== undefined && criteria[facet] !== '');
    const free = FACETS.filter((facet) => !chosen.includes(facet));
    const counts: FieldCounts[] = await Promise.all([
      documents.countBy(
        filter,
        free.map((facet) => FACET_FIELDS[facet]),
      ),
      ...chosen.map((facet) =>
        documents.countBy(searchFilter(criteria, words, facet), [FACET_FIELDS[facet]]),
      ),
    ]);
    const merged: FieldCounts = Object.assign({}, ...counts) as FieldCounts;
    return Object.fromEntries(
      FACETS.map((facet) => [facet, merged[FACET_FIELDS[facet]] ?? {}]),
    ) as SearchResult['facets'];
  }

  private async uploader(id: string): Promise<SearchResult['uploader']> {
    const found = await this.readStore
      .collection<SearchUploaderView>(SEARCH_UPLOADERS_COLLECTION)
      .findOne({ _id: id });
    return found ? { id: found._id, name: found.name, company: found.company } : null;
  }
}
