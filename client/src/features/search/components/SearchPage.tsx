import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from '../../../i18n';
import {
  NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
import type { DocumentSummary, SearchFacet, SearchSort } from '../../../api/types';
import { Skeleton, SkeletonText } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { usePageMeta } from '../../../hooks/use-document-title';
import { useOnVisible } from '../../../hooks/use-intersection';
import { useLocalizedPath } from '../../../hooks/use-language';
import { codeLabel, type CodeGroup } from '../../../i18n/labels';
import { useSessionUser } from '../../../stores/session-store';
import { useCatalogueOptions } from '../api/get-catalogue-options';
import {
  ADVANCED_FILTERS,
  EMPTY_FILTERS,
  filtersFromUrl,
  filtersToUrl,
  hasCodeFilters,
  isId,
  SORT_ORDERS,
  unusedParameters,
  useSearchDocuments,
  type SearchFilters,
} from '../api/search-documents';
import { SearchResultItem } from './SearchResultItem';
import '../search.css';
import { LoadError } from '../../../components/LoadError';
import { NotFound } from '../../../components/NotFound';
import '../../../components/card.css';

const TEXT_DEBOUNCE_MS = 400;
const SCROLL_KEY = 'lepinguturg.searchScroll.';
/** The results' class while every one of them is laid out (styles/index.css). */
const LAID_OUT_WHOLE = 'results--whole';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'SEARCH.SORT_RELEVANCE',
  newest: 'SEARCH.SORT_NEWEST',
  oldest: 'SEARCH.SORT_OLDEST',
  'price-desc': 'SEARCH.SORT_PRICE_DESC',
  'price-asc': 'SEARCH.SORT_PRICE_ASC',
};

type TextFilter = 'q' | 'title' | 'author';
type ChoiceFilter = 'fieldOfLaw' | 'language' | 'applicableLaw' | 'format' | 'year';

interface SearchPageProps {
  /** Per-result actions composed by the app (add to basket lives in another feature). */
  renderDocumentActions?: (document: DocumentSummary) => ReactNode;
}

interface ChoiceProps {
  id: string;
  label: string;
  values: string[];
  value: string;
  describe: (value: string) => string;
  counts?: Record<string, number>;
  onChange: (value: string) => void;
}

/** A select whose options show how many results each value would give. */
function Choice({ id, label, values, value, describe, counts, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  const options = values.includes(value) || !value ? values : [value, ...values];
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={id}
      >
        <option value="">{t('SEARCH.ANY')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {counts
              ? t('SEARCH.OPTION_COUNT', { label: describe(option), count: counts[option] ?? 0 })
              : describe(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField(props: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id} className="field__label">
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        className="field__control"
        value={props.value}
        maxLength={200}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.id}
      />
    </div>
  );
}

/** Result cards while the first page of results loads, in their shape (CLS, issue 11). */
function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="results" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{t('COMMON.LOADING')}</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="result card search-skeleton" aria-hidden="true">
          <div className="result__body">
            <Skeleton width="min(22rem, 80%)" height="1.4rem" />
            <SkeletonText lines={2} />
            <Skeleton width="min(26rem, 90%)" height="1.6rem" />
            <Skeleton width="8rem" height="0.9rem" />
          </div>
          <div className="result__side search-skeleton__side">
            <Skeleton width="5rem" height="1.5rem" />
            <Skeleton shape="block" width="12rem" height="2.6rem" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Where a person is in the results: the first result in view, its distance from the window's top, and the scroll. */
interface PlaceInList {
  readonly id: string;
  readonly offset: number;
  readonly top: number;
}

/** The first result whose bottom is below the window's top (the results are in order: a binary search). */
function firstResultInView(list: HTMLElement): HTMLElement | null {
  const results = list.children;
  let low = 0;
  let high = results.length - 1;
  let found: HTMLElement | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const result = results[middle] as HTMLElement;
    if (result.getBoundingClientRect().bottom > 0) {
      found = result;
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return found;
}

function readPlace(key: string): PlaceInList | null {
  try {
    const place = JSON.parse(sessionStorage.getItem(SCROLL_KEY + key) ?? 'null') as PlaceInList | null;
    return place && typeof place.id === 'string' && place.top > 0 ? place : null;
  } catch {
    return null;
  }
}

/**
 * Remembers where the person is in the results per history entry (the first result in view and its
 * distance from the window's top), and brings them back there when they come back (browser back) once
 * the results are all there again (React Query still holds their pages). Nothing is remembered before
 * that: the page is shorter while its results are being added, and the browser's own scrolling within it
 * must not replace the place to come back to.
 *
 * Coming back, the list is new: its results have no remembered size, and those below the first screen
 * would be laid out only once scrolled near (content-visibility), at an estimated height. So the results
 * are then all laid out and the place is restored before the first paint: the result
 * left is where it was on the screen, drawn, not an estimated position in a list still blank for a frame.
 */
function useScrollRestoration(ready: boolean, list: RefObject<HTMLUListElement | null>) {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef(false);
  useEffect(() => {
    if (!ready) return undefined;
    let frame = 0;
    // The next screen may render (shorter, scrolled up) before this one is gone: only this address saves.
    const address = window.location.href;
    const save = () => {
      const first = list.current && firstResultInView(list.current);
      if (window.location.href !== address || !first?.dataset.resultId) return;
      const place: PlaceInList = {
        id: first.dataset.resultId,
        offset: Math.round(first.getBoundingClientRect().top),
        top: Math.round(window.scrollY),
      };
      sessionStorage.setItem(SCROLL_KEY + key, JSON.stringify(place));
    };
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, ready, list]);
  useLayoutEffect(() => {
    const element = list.current;
    if (!ready || restored.current || navigationType !== NavigationType.Pop || !element) return undefined;
    restored.current = true;
    const place = readPlace(key);
    if (!place) return undefined;
    element.classList.add(LAID_OUT_WHOLE);
    const left = [...element.children].find(
      (result) => result instanceof HTMLElement && result.dataset.resultId === place.id,
    );
    const top = left ? window.scrollY + left.getBoundingClientRect().top - place.offset : place.top;
    window.scrollTo({ top, behavior: 'instant' });
    // Other filters (another address) show other results: laid out near the screen again.
    return () => element.classList.remove(LAID_OUT_WHOLE);
  }, [ready, key, navigationType, list]);
}

interface ResultListProps {
  readonly items: readonly DocumentSummary[];
  /** The results answer the current filters (not the previous ones', shown meanwhile). */
  readonly settled: boolean;
  readonly userId: string | undefined;
  readonly renderDocumentActions: SearchPageProps['renderDocumentActions'];
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly loadMore: () => void;
}

/**
 * The results and the way to more: the next page is asked for as the end of the list comes into view,
 * and a position restored on the way back once the results are there. The first page of results is in
 * the page's HTML (the server renders it), so the list renders whole.
 */
function ResultList(props: ResultListProps) {
  const { items, userId, renderDocumentActions, hasNextPage, isFetchingNextPage, loadMore } = props;
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const sentinelRef = useOnVisible<HTMLDivElement>(loadMore, hasNextPage && !isFetchingNextPage);
  const list = useRef<HTMLUListElement>(null);
  useScrollRestoration(props.settled, list);
  return (
    <>
      <ul ref={list} className="results" aria-label={t('SEARCH.RESULTS')}>
        {items.map((document) => (
          <SearchResultItem
            key={document.id}
            document={document}
            editPath={userId === document.uploader.id ? path('upload', { id: document.id }) : undefined}
            renderActions={renderDocumentActions}
          />
        ))}
      </ul>

      <div ref={sentinelRef} className="results__more">
        {isFetchingNextPage && <Spinner />}
        {hasNextPage && !isFetchingNextPage && (
          <button
            type="button"
            className="button button--secondary"
            onClick={loadMore}
            data-testid="search-load-more"
          >
            {t('SEARCH.LOAD_MORE')}
          </button>
        )}
      </div>
    </>
  );
}

export function SearchPage({ renderDocumentActions }: SearchPageProps) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const user = useSessionUser();
  const { keyWord, uploaderId: routeUploaderId } = useParams();
  const [searchParams] = useSearchParams();
  const options = useCatalogueOptions();
  const filters = filtersFromUrl(searchParams, { keyWord, uploaderId: routeUploaderId }, options.data);
  // A code in the address is checked against the catalogue's before the search is asked (the page
  // usually carries the codes, so this rarely waits); if they cannot be loaded, the search decides.
  const codesPending = options.isPending && hasCodeFilters(filters);
  const uploaderIdInvalid = routeUploaderId !== undefined && !isId(routeUploaderId);

  const search = useSearchDocuments(filters, !codesPending && !uploaderIdInvalid);
  const first = search.data?.pages[0];
  const uploader = first?.uploader ?? null;
  // The uploader's route names an uploader the shop does not have: not found, not everyone's documents.
  const uploaderNotFound =
    uploaderIdInvalid ||
    (routeUploaderId !== undefined && search.isSuccess && !search.isPlaceholderData && uploader === null);
  const heading = uploaderNotFound
    ? t('SEARCH.UPLOADER_NOT_FOUND_TITLE')
    : uploader
      ? t('SEARCH.UPLOADER_HEADING', { name: uploader.name })
      : t('SEARCH.TITLE');
  // An uploader the shop does not have is a page not found, to the server's answer too.
  usePageMeta(heading, undefined, uploaderNotFound ? { status: 404 } : {});

  /** The URL for filters: the uploader variant keeps its path, the keyword variant keeps the word in its path. */
  const applyFilters = (next: SearchFilters, replace = false) => {
    const onUploaderRoute = Boolean(routeUploaderId) && next.uploaderId === routeUploaderId;
    const keepKeyWord = Boolean(keyWord) && !onUploaderRoute && next.q.trim() !== '';
    const pathname = onUploaderRoute
      ? path('searchUploader', { uploaderId: next.uploaderId })
      : path('search', keepKeyWord ? { keyWord: next.q.trim() } : {});
    const query = filtersToUrl(next, { q: keepKeyWord, uploaderId: onUploaderRoute }).toString();
    void navigate({ pathname, search: query ? `?${query}` : '' }, { replace });
  };
  const change = (patch: Partial<SearchFilters>) => applyFilters({ ...filters, ...patch });

  // An address with what the search cannot use is written again without it, in place of the old one.
  const addressUnusable =
    !codesPending &&
    !uploaderIdInvalid &&
    (unusedParameters(searchParams, filters).length > 0 || (keyWord !== undefined && filters.q !== keyWord));
  const normaliseAddress = useEffectEvent(() => applyFilters(filters, true));
  useEffect(() => {
    if (addressUnusable) normaliseAddress();
  }, [addressUnusable]);

  // Text fields are typed into freely; the URL follows after a pause (or at once on submit).
  const urlTexts = { q: filters.q, title: filters.title, author: filters.author };
  const [texts, setTexts] = useState(urlTexts);
  const [seenUrlTexts, setSeenUrlTexts] = useState(urlTexts);
  if (JSON.stringify(seenUrlTexts) !== JSON.stringify(urlTexts)) {
    setSeenUrlTexts(urlTexts);
    setTexts(urlTexts);
  }
  const setText = (name: TextFilter, value: string) => setTexts((current) => ({ ...current, [name]: value }));
  const textsChanged = (['q', 'title', 'author'] as const).some((k) => texts[k].trim() !== filters[k].trim());
  const commitTexts = useEffectEvent(() => applyFilters({ ...filters, ...texts }, true));
  useEffect(() => {
    if (!textsChanged) return undefined;
    const timer = setTimeout(() => commitTexts(), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [texts, textsChanged]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyFilters({ ...filters, ...texts });
  };

  const advancedInUse = ADVANCED_FILTERS.some((name) => filters[name] !== '');
  // On phones the filters are behind a toggle (search.css), so the results start on the first screen;
  // a search that arrives with filters chosen shows them.
  const [filtersOpen, setFiltersOpen] = useState(
    () => advancedInUse || filters.fieldOfLaw !== '' || filters.language !== '',
  );
  const [advancedOpen, setAdvancedOpen] = useState<boolean | null>(null);
  const showAdvanced = advancedOpen ?? advancedInUse;

  const pages = search.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = first?.total ?? 0;
  const facets = first?.facets;
  const appliedSort = first?.sort ?? (filters.q || filters.title ? 'relevance' : 'newest');
  const sortChoices = SORT_ORDERS.filter((sort) => sort !== 'relevance' || appliedSort === 'relevance');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const hasFilters =
    JSON.stringify(filters) !== JSON.stringify({ ...EMPTY_FILTERS, uploaderId: routeUploaderId ?? '' });
  const facetCounts = (facet: SearchFacet) => facets?.[facet];
  const years = [...new Set([...Object.keys(facets?.year ?? {}), filters.year].filter(Boolean))].sort(
    (a, b) => Number(b) - Number(a),
  );
  const describe = (group: CodeGroup) => (code: string) => codeLabel(t, group, code);

  const choiceLabels: Record<ChoiceFilter, [string, (value: string) => string]> = {
    fieldOfLaw: [t('SEARCH.FIELD_OF_LAW'), describe('FIELD_OF_LAW')],
    language: [t('SEARCH.LANGUAGE'), describe('LANGUAGE')],
    applicableLaw: [t('SEARCH.APPLICABLE_LAW'), describe('COUNTRY')],
    format: [t('SEARCH.FORMAT_LABEL'), (value) => value.toUpperCase()],
    year: [t('SEARCH.YEAR_LABEL'), (value) => value],
  };
  const activeRemovable = [
    ...(['title', 'author'] as const).map((name) => ({
      name,
      label: t(name === 'title' ? 'SEARCH.TITLE_LABEL' : 'SEARCH.AUTHOR_LABEL'),
      value: filters[name],
    })),
    ...(Object.keys(choiceLabels) as ChoiceFilter[]).map((name) => ({
      name,
      label: choiceLabels[name][0],
      value: filters[name] ? choiceLabels[name][1](filters[name]) : '',
    })),
  ].filter((filter) => filter.value !== '');

  if (uploaderNotFound) {
    return (
      <NotFound
        title={t('SEARCH.UPLOADER_NOT_FOUND_TITLE')}
        text={t('SEARCH.UPLOADER_NOT_FOUND_TEXT')}
        to={path('search')}
        linkText={t('SEARCH.UPLOADER_NOT_FOUND_LINK')}
        testId="uploader-not-found"
      />
    );
  }

  return (
    <div className="page search-page">
      <h1 className="page__title" data-testid="search-heading">
        {heading}
      </h1>
      {uploader?.company && <p className="search-page__company">{uploader.company}</p>}
      <form className="search-form card" role="search" onSubmit={onSubmit} aria-label={t('SEARCH.FILTERS')}>
        <div className="search-form__text">
          <label htmlFor="search-text" className="field__label">
            {t('SEARCH.TEXT_LABEL')}
          </label>
          <div className="search-form__row">
            <input
              id="search-text"
              type="search"
              className="field__control field__control--large"
              value={texts.q}
              maxLength={200}
              placeholder={t('SEARCH.TEXT_PLACEHOLDER')}
              onChange={(event) => setText('q', event.target.value)}
              data-testid="search-input"
            />
            <button
              type="submit"
              className="button button--primary button--large"
              data-testid="search-submit"
            >
              {t('SEARCH.SUBMIT')}
            </button>
          </div>
        </div>
        <button
          type="button"
          className="button button--secondary button--small search-form__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
          data-testid="search-filters-toggle"
        >
          {t('SEARCH.FILTERS')}
        </button>
        <div
          id="search-filters"
          className={`search-form__more${filtersOpen ? ' search-form__more--open' : ''}`}
        >
          <div className="search-form__filters">
            <Choice
              id="search-field-of-law"
              label={t('SEARCH.FIELD_OF_LAW')}
              values={options.data?.fieldsOfLaw ?? []}
              value={filters.fieldOfLaw}
              describe={describe('FIELD_OF_LAW')}
              counts={facetCounts('fieldOfLaw')}
              onChange={(fieldOfLaw) => change({ fieldOfLaw })}
            />
            <Choice
              id="search-language"
              label={t('SEARCH.LANGUAGE')}
              values={options.data?.languages ?? []}
              value={filters.language}
              describe={describe('LANGUAGE')}
              counts={facetCounts('language')}
              onChange={(language) => change({ language })}
            />
            <div className="field">
              <label htmlFor="search-sort" className="field__label">
                {t('SEARCH.SORT')}
              </label>
              <select
                id="search-sort"
                className="field__control"
                value={filters.sort || appliedSort}
                onChange={(event) => change({ sort: event.target.value as SearchSort })}
                data-testid="search-sort"
              >
                {sortChoices.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button
            type="button"
            className="button button--ghost button--small search-form__toggle"
            aria-expanded={showAdvanced}
            aria-controls="search-advanced"
            onClick={() => setAdvancedOpen(!showAdvanced)}
            data-testid="search-advanced-toggle"
          >
            {showAdvanced ? t('SEARCH.ADVANCED_HIDE') : t('SEARCH.ADVANCED_SHOW')}
          </button>
          {/* Its fields render once it is open: most searches never open it, and a page renders faster without. */}
          <div id="search-advanced" className="search-form__filters" hidden={!showAdvanced}>
            {showAdvanced && (
              <>
                <TextField
                  id="search-title"
                  label={t('SEARCH.TITLE_LABEL')}
                  value={texts.title}
                  onChange={(value) => setText('title', value)}
                />
                <TextField
                  id="search-author"
                  label={t('SEARCH.AUTHOR_LABEL')}
                  value={texts.author}
                  onChange={(value) => setText('author', value)}
                />
                <Choice
                  id="search-year"
                  label={t('SEARCH.YEAR_LABEL')}
                  values={years}
                  value={filters.year}
                  describe={(value) => value}
                  counts={facetCounts('year')}
                  onChange={(year) => change({ year })}
                />
                <Choice
                  id="search-applicable-law"
                  label={t('SEARCH.APPLICABLE_LAW')}
                  values={options.data?.applicableLaws ?? []}
                  value={filters.applicableLaw}
                  describe={describe('COUNTRY')}
                  onChange={(applicableLaw) => change({ applicableLaw })}
                />
                <Choice
                  id="search-format"
                  label={t('SEARCH.FORMAT_LABEL')}
                  values={options.data?.formats ?? []}
                  value={filters.format}
                  describe={(value) => value.toUpperCase()}
                  counts={facetCounts('format')}
                  onChange={(format) => change({ format })}
                />
              </>
            )}
          </div>
        </div>
      </form>

      <div className="search-status">
        <p className="search-status__count" role="status" aria-live="polite" data-testid="search-count">
          {search.data ? t('SEARCH.SHOWING', { visible: items.length, total }) : ''}
        </p>
        {filters.uploaderId && !routeUploaderId && (
          <span className="filter-pill">
            {uploader
              ? t('SEARCH.UPLOADER_FILTER', { name: uploader.name })
              : t('SEARCH.UPLOADER_FILTER_UNKNOWN')}
            <button
              type="button"
              className="filter-pill__remove"
              onClick={() => change({ uploaderId: '' })}
              aria-label={t('SEARCH.CLEAR_UPLOADER')}
            >
              ×
            </button>
          </span>
        )}
        {hasFilters && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => applyFilters({ ...EMPTY_FILTERS, uploaderId: routeUploaderId ?? '' })}
            data-testid="search-reset"
          >
            {t('SEARCH.RESET')}
          </button>
        )}
        {search.isFetching && !isFetchingNextPage && <Spinner />}
      </div>

      {search.isError && <LoadError onRetry={search.refetch} error={search.error} />}
      {search.isPending && <ResultsSkeleton />}
      {search.isSuccess && items.length === 0 && (
        <div className="search-empty" data-testid="search-empty">
          <p className="empty-state__text">{t('SEARCH.NO_RESULTS')}</p>
          {filters.q.trim() && <p>{t('SEARCH.NO_RESULTS_TEXT', { text: filters.q.trim() })}</p>}
          {activeRemovable.length > 0 && (
            <>
              <p>{t('SEARCH.NO_RESULTS_FILTERS')}</p>
              <ul className="search-empty__filters">
                {activeRemovable.map((filter) => (
                  <li key={filter.name}>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => change({ [filter.name]: '' })}
                      data-testid={`search-remove-${filter.name}`}
                    >
                      {t('SEARCH.REMOVE_FILTER', { name: filter.label, value: filter.value })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      <ResultList
        items={items}
        settled={search.isSuccess && !search.isPlaceholderData}
        userId={user?.id}
        renderDocumentActions={renderDocumentActions}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        loadMore={loadMore}
      />
    </div>
  );
}
