import { useEffect, useEffectEvent, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { DocumentSummary } from '../../../api/types';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useOnVisible } from '../../../hooks/use-intersection';
import { useLocalizedPath } from '../../../hooks/use-language';
import { codeLabel, type CodeGroup } from '../../../i18n/labels';
import { useCatalogueOptions } from '../api/get-catalogue-options';
import {
  EMPTY_FILTERS,
  filtersFromUrl,
  filtersToUrl,
  SORT_ORDERS,
  useSearchDocuments,
  type SearchFilters,
  type SortOrder,
} from '../api/search-documents';
import { SearchResultItem } from './SearchResultItem';

const TEXT_DEBOUNCE_MS = 400;

const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'SEARCH.SORT_NEWEST',
  oldest: 'SEARCH.SORT_OLDEST',
  'price-desc': 'SEARCH.SORT_PRICE_DESC',
  'price-asc': 'SEARCH.SORT_PRICE_ASC',
};

interface SearchPageProps {
  /** Per-result actions composed by the app (add to basket lives in another feature). */
  renderDocumentActions?: (document: DocumentSummary) => ReactNode;
}

interface CodeSelectProps {
  id: string;
  label: string;
  group: CodeGroup;
  codes: string[];
  value: string;
  onChange: (value: string) => void;
}

function CodeSelect({ id, label, group, codes, value, onChange }: CodeSelectProps) {
  const { t } = useTranslation();
  const options = codes.includes(value) || !value ? codes : [value, ...codes];
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
        {options.map((code) => (
          <option key={code} value={code}>
            {codeLabel(t, group, code)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchPage({ renderDocumentActions }: SearchPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('SEARCH.TITLE'));
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const { keyWord } = useParams();
  const [searchParams] = useSearchParams();
  const filters = filtersFromUrl(searchParams, keyWord);

  const options = useCatalogueOptions();
  const search = useSearchDocuments(filters);

  const applyFilters = (next: SearchFilters, replace = false) => {
    const query = filtersToUrl(next).toString();
    void navigate({ pathname: path('search'), search: query ? `?${query}` : '' }, { replace });
  };
  const change = (patch: Partial<SearchFilters>) => applyFilters({ ...filters, ...patch });

  // The text field is typed into freely; the URL follows after a pause (or at once on submit).
  const [text, setText] = useState(filters.q);
  const [urlText, setUrlText] = useState(filters.q);
  if (urlText !== filters.q) {
    setUrlText(filters.q);
    setText(filters.q);
  }
  const commitText = useEffectEvent((value: string) => applyFilters({ ...filters, q: value }, true));
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return undefined;
    const timer = setTimeout(() => commitText(text), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyFilters({ ...filters, q: text });
  };

  const pages = search.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[pages.length - 1]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinelRef = useOnVisible<HTMLDivElement>(loadMore, hasNextPage && !isFetchingNextPage);

  const uploaderName = filters.uploaderId
    ? items.find((item) => item.uploader.id === filters.uploaderId)?.uploader.name
    : undefined;
  const hasFilters = JSON.stringify(filters) !== JSON.stringify(EMPTY_FILTERS);

  return (
    <div className="page search-page">
      <h1 className="page__title">{t('SEARCH.TITLE')}</h1>
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
              value={text}
              maxLength={200}
              placeholder={t('SEARCH.TEXT_PLACEHOLDER')}
              onChange={(event) => setText(event.target.value)}
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
        <div className="search-form__filters">
          <CodeSelect
            id="search-field-of-law"
            label={t('SEARCH.FIELD_OF_LAW')}
            group="FIELD_OF_LAW"
            codes={options.data?.fieldsOfLaw ?? []}
            value={filters.fieldOfLaw}
            onChange={(fieldOfLaw) => change({ fieldOfLaw })}
          />
          <CodeSelect
            id="search-language"
            label={t('SEARCH.LANGUAGE')}
            group="LANGUAGE"
            codes={options.data?.languages ?? []}
            value={filters.language}
            onChange={(language) => change({ language })}
          />
          <CodeSelect
            id="search-applicable-law"
            label={t('SEARCH.APPLICABLE_LAW')}
            group="COUNTRY"
            codes={options.data?.applicableLaws ?? []}
            value={filters.applicableLaw}
            onChange={(applicableLaw) => change({ applicableLaw })}
          />
          <div className="field">
            <label htmlFor="search-sort" className="field__label">
              {t('SEARCH.SORT')}
            </label>
            <select
              id="search-sort"
              className="field__control"
              value={filters.sort}
              onChange={(event) => change({ sort: event.target.value as SortOrder })}
              data-testid="search-sort"
            >
              {SORT_ORDERS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </div>
        </div>
      </form>

      <div className="search-status">
        <p className="search-status__count" aria-live="polite" data-testid="search-count">
          {search.data ? t('SEARCH.SHOWING', { visible: items.length, total }) : ''}
        </p>
        {filters.uploaderId && (
          <span className="filter-pill">
            {uploaderName
              ? t('SEARCH.UPLOADER_FILTER', { name: uploaderName })
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
            onClick={() => applyFilters(EMPTY_FILTERS)}
          >
            {t('SEARCH.RESET')}
          </button>
        )}
        {search.isFetching && !isFetchingNextPage && <Spinner />}
      </div>

      {search.isError && (
        <div className="notice notice--danger" role="alert">
          <p>{t('ERROR.SOMETHING_WENT_WRONG')}</p>
          <button type="button" className="button button--secondary" onClick={() => void search.refetch()}>
            {t('COMMON.RETRY')}
          </button>
        </div>
      )}
      {search.isPending && <Spinner />}
      {search.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="search-empty">
          {t('SEARCH.NO_RESULTS')}
        </p>
      )}

      <ul className="results" aria-label={t('SEARCH.RESULTS')}>
        {items.map((document) => (
          <SearchResultItem
            key={document.id}
            document={document}
            actions={renderDocumentActions?.(document)}
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
    </div>
  );
}
