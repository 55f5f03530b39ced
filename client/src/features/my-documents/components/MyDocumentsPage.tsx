import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link';
import { TableSkeleton } from '../../../components/Skeleton';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useUiActions } from '../../../stores/ui-store';
import { useDeleteDocument, useSetPublished } from '../api/document-mutations';
import { useMyDocuments } from '../api/get-my-documents';
import { MY_DOCUMENT_FILTERS, type MyDocumentFilter, type MyDocumentRow } from '../api/types';
import './my-documents.css';
import { focusResultWhen } from '../../../utils/focus-result';
import { DataTable } from '../../../components/DataTable';
import { TextField } from '../../../components/FormField';
import { LoadError } from '../../../components/LoadError';

export const TEXT_FILTER_DEBOUNCE_MS = 300;
const EXCERPT_LENGTH = 120;

const excerpt = (text: string) =>
  text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH)}…`;

function isFilter(value: string | null): value is MyDocumentFilter {
  return (MY_DOCUMENT_FILTERS as readonly (string | null)[]).includes(value);
}

function RowActions({ row }: { row: MyDocumentRow }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const setPublished = useSetPublished();
  const remove = useDeleteDocument();
  const published = row.status === 'published';

  const togglePublished = () => {
    if (!published && !row.canPublish) {
      toastShown({ tone: 'danger', text: t('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE') });
      return;
    }
    confirmRequested({
      title: t(published ? 'UPLOAD.UNPUBLISH_TITLE' : 'UPLOAD.PUBLISH_TITLE'),
      text: t(published ? 'UPLOAD.UNPUBLISH_TEXT' : 'UPLOAD.PUBLISH_TEXT', { title: row.title }),
      confirmLabel: t(published ? 'UPLOAD.UNPUBLISH' : 'UPLOAD.PUBLISH'),
      onConfirm: () =>
        setPublished.mutate(
          { id: row.id, published: !published },
          {
            onSuccess: () =>
              toastShown({ tone: 'success', text: t(published ? 'UPLOAD.UNPUBLISHED' : 'UPLOAD.PUBLISHED') }),
            onError: errorOccurred,
          },
        ),
    });
  };

  const askDelete = () =>
    confirmRequested({
      title: t('UPLOAD.DELETE_DOCUMENT_TITLE'),
      text: t('UPLOAD.DELETE_DOCUMENT_TEXT', { title: row.title }),
      confirmLabel: t('UPLOAD.DELETE_DOCUMENT'),
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => {
            toastShown({ tone: 'success', text: t('UPLOAD.DOCUMENT_DELETED', { title: row.title }) });
            // The list after the removal: the first document's Edit, or the counts when none is left.
            // The answer may come before the list is redrawn: focus once the removed row is gone.
            focusResultWhen(
              () => !document.querySelector(`[data-document-id="${CSS.escape(row.id)}"]`),
              '[data-testid="my-document-edit"]',
              '[data-testid="my-documents-counts"]',
            );
          },
          onError: errorOccurred,
        }),
    });

  return (
    <>
      <Link
        to={path('upload', { id: row.id })}
        className="button button--secondary button--small"
        aria-label={t('MY_DOCUMENTS.EDIT_LABEL', { title: row.title })}
        data-testid="my-document-edit"
      >
        {t('MY_DOCUMENTS.EDIT')}
      </Link>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={togglePublished}
        disabled={setPublished.isPending}
        aria-label={t(published ? 'MY_DOCUMENTS.UNPUBLISH_LABEL' : 'MY_DOCUMENTS.PUBLISH_LABEL', {
          title: row.title,
        })}
        data-testid={published ? 'my-document-unpublish' : 'my-document-publish'}
      >
        {t(published ? 'UPLOAD.UNPUBLISH' : 'UPLOAD.PUBLISH')}
      </button>
      <button
        type="button"
        className="button button--danger-ghost button--small"
        onClick={askDelete}
        disabled={remove.isPending}
        aria-label={t('MY_DOCUMENTS.DELETE_LABEL', { title: row.title })}
        data-testid="my-document-delete"
      >
        {t('MY_DOCUMENTS.DELETE')}
      </button>
    </>
  );
}

/** SPEC §2 My documents (route userfiles): filters, counts, the table and its actions. */
export function MyDocumentsPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('ACCOUNT.MY_DOCUMENTS'));
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('filter');
  const filter: MyDocumentFilter = isFilter(filterParam) ? filterParam : 'all';
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const documents = useMyDocuments(filter, q);

  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && !(name === 'filter' && value === 'all')) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (text.trim() === q) return undefined;
    const timer = setTimeout(() => setParam('q', text.trim()), TEXT_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // setParam is rebuilt each render; the text and the URL's text are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, q]);

  const counts = documents.data?.counts;
  const countOf: Record<MyDocumentFilter, number | undefined> = {
    all: counts?.documents,
    public: counts?.public,
    paid: counts?.paid,
  };
  const items = documents.data?.items ?? [];

  return (
    <div className="page my-documents">
      <div className="my-documents__head">
        <h1 className="page__title">{t('ACCOUNT.MY_DOCUMENTS')}</h1>
        <Link to={path('upload')} className="button button--primary" data-testid="my-documents-add">
          {t('MY_DOCUMENTS.ADD')}
        </Link>
      </div>

      <p className="my-documents__counts" data-testid="my-documents-counts">
        {counts
          ? t('MY_DOCUMENTS.COUNTS', {
              documents: counts.documents,
              public: counts.public,
              paid: counts.paid,
            })
          : ''}
      </p>

      <div className="my-documents__toolbar">
        <div className="segmented" role="group" aria-label={t('MY_DOCUMENTS.FILTER')}>
          {MY_DOCUMENT_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={`segmented__option${filter === name ? ' segmented__option--active' : ''}`}
              aria-pressed={filter === name}
              onClick={() => setParam('filter', name)}
              data-testid={`my-documents-filter-${name}`}
            >
              {t(`MY_DOCUMENTS.FILTER_${name.toUpperCase()}`)}
              {countOf[name] !== undefined && <span className="segmented__count"> ({countOf[name]})</span>}
            </button>
          ))}
        </div>
        <TextField
          id="my-documents-text"
          fieldClassName="my-documents__text"
          label={t('MY_DOCUMENTS.TEXT_FILTER')}
          type="search"
          value={text}
          onChange={setText}
          data-testid="my-documents-text"
        />
        {documents.isFetching && <Spinner />}
      </div>

      {documents.isError && <LoadError onRetry={documents.refetch} error={documents.error} />}
      {documents.isPending && <TableSkeleton />}
      {documents.isSuccess && items.length === 0 && (
        <p className="empty-state__text" data-testid="my-documents-empty">
          {counts?.documents === 0 ? t('MY_DOCUMENTS.NONE_YET') : t('MY_DOCUMENTS.NONE_MATCH')}
        </p>
      )}
      {items.length > 0 && (
        <DataTable
          caption={t('ACCOUNT.MY_DOCUMENTS')}
          testId="my-documents-table"
          className="my-documents__table"
          rows={items}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({
            'data-testid': 'my-document-row',
            'data-document-id': row.id,
            'data-status': row.status,
          })}
          columns={[
            {
              key: 'title',
              header: t('MY_DOCUMENTS.TITLE'),
              className: 'my-documents__title',
              cell: (row) => <Link to={path('upload', { id: row.id })}>{row.title}</Link>,
            },
            {
              key: 'description',
              header: t('MY_DOCUMENTS.DESCRIPTION'),
              className: 'my-documents__description',
              cell: (row) => excerpt(row.description),
            },
            {
              key: 'status',
              header: t('MY_DOCUMENTS.STATUS'),
              cell: (row) => (
                <span className={`status-badge status-badge--${row.status}`}>
                  {t(
                    row.status === 'published'
                      ? 'MY_DOCUMENTS.STATUS_PUBLISHED'
                      : 'MY_DOCUMENTS.STATUS_DRAFT',
                  )}
                </span>
              ),
            },
            { key: 'created', header: t('MY_DOCUMENTS.CREATED'), date: (row) => row.createdAt },
          ]}
          actions={{ label: t('MY_DOCUMENTS.ACTIONS'), cell: (row) => <RowActions row={row} /> }}
        />
      )}
    </div>
  );
}
