import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError } from '../../../api/http';
import { PreviewImage } from '../../../components/PreviewImage';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { useUiActions } from '../../../stores/ui-store';
import { useDeleteDocument, useSaveDocument, useSetPublished } from '../api/document-mutations';
import { useMyDocument } from '../api/get-my-document';
import type { MyDocument } from '../api/types';
import { emptyForm, formFromDetails } from '../document-form';
import { DocumentFiles } from './DocumentFiles';
import { DocumentForm } from './DocumentForm';
import './my-documents.css';
import { LoadError } from '../../../components/LoadError';
import { Card } from '../../../components/Card';

/** Publish or unpublish and delete, each after a confirmation (SPEC §4). */
function Publication({ document }: { document: MyDocument }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const setPublished = useSetPublished();
  const remove = useDeleteDocument();
  const title = document.details.title;
  const published = document.status === 'published';

  const togglePublished = () => {
    // The server says the same; asking it first would only delay the spec's message.
    if (!published && !document.canPublish) {
      toastShown({ tone: 'danger', text: t('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE') });
      return;
    }
    confirmRequested({
      title: t(published ? 'UPLOAD.UNPUBLISH_TITLE' : 'UPLOAD.PUBLISH_TITLE'),
      text: t(published ? 'UPLOAD.UNPUBLISH_TEXT' : 'UPLOAD.PUBLISH_TEXT', { title }),
      confirmLabel: t(published ? 'UPLOAD.UNPUBLISH' : 'UPLOAD.PUBLISH'),
      onConfirm: () =>
        setPublished.mutate(
          { id: document.id, published: !published },
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
      text: t('UPLOAD.DELETE_DOCUMENT_TEXT', { title }),
      confirmLabel: t('UPLOAD.DELETE_DOCUMENT'),
      onConfirm: () =>
        remove.mutate(document.id, {
          onSuccess: () => {
            toastShown({ tone: 'success', text: t('UPLOAD.DOCUMENT_DELETED', { title }) });
            void navigate(path('userfiles'));
          },
          onError: errorOccurred,
        }),
    });

  return (
    <Card title={t('UPLOAD.PUBLICATION')} titleId="publication-title" className="publication">
      <p data-testid="document-status" data-status={document.status}>
        <span className={`status-badge status-badge--${document.status}`}>
          {t(published ? 'MY_DOCUMENTS.STATUS_PUBLISHED' : 'MY_DOCUMENTS.STATUS_DRAFT')}
        </span>
      </p>
      {!published && !document.canPublish && <p className="hint">{t('DOCUMENT.PUBLISH_NEEDS_MAIN_FILE')}</p>}
      <div className="publication__actions">
        <button
          type="button"
          className={`button ${published ? 'button--secondary' : 'button--primary'}`}
          onClick={togglePublished}
          disabled={setPublished.isPending}
          data-testid={published ? 'document-unpublish' : 'document-publish'}
        >
          {t(published ? 'UPLOAD.UNPUBLISH' : 'UPLOAD.PUBLISH')}
        </button>
        {published && (
          <Link to={path('document', { slug: document.slug })} className="button button--ghost">
            {t('UPLOAD.VIEW_PUBLIC_PAGE')}
          </Link>
        )}
        <button
          type="button"
          className="button button--danger-ghost"
          onClick={askDelete}
          disabled={remove.isPending}
          data-testid="document-delete"
        >
          {t('UPLOAD.DELETE_DOCUMENT')}
        </button>
      </div>
    </Card>
  );
}

function Preview({ document }: { document: MyDocument }) {
  const { t } = useTranslation();
  return (
    <Card title={t('UPLOAD.PREVIEW')} titleId="upload-preview-title" className="upload-preview">
      {document.preview ? (
        <figure className="upload-preview__figure">
          <PreviewImage
            preview={document.preview}
            alt={t('UPLOAD.PREVIEW_ALT', { title: document.details.title })}
            signedIn
            testId="upload-preview-image"
          />
          <figcaption className="hint">
            {t(document.preview.blurred ? 'UPLOAD.PREVIEW_BLURRED' : 'UPLOAD.PREVIEW_CLEAR')}
          </figcaption>
        </figure>
      ) : (
        <p className="hint" data-testid="upload-preview-none">
          {t('UPLOAD.PREVIEW_NONE')}
        </p>
      )}
    </Card>
  );
}

function EditDocument({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const path = useLocalizedPath();
  const { data: document, error, isPending, refetch } = useMyDocument(id);
  const save = useSaveDocument();
  const { toastShown } = useUiActions();
  useDocumentTitle(t('UPLOAD.EDIT_TITLE'));

  if (isPending) return <TableSkeleton rows={8} />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400)) {
    return (
      <div className="empty-state" data-testid="upload-not-found">
        <p className="empty-state__text">
          {t(error.status === 403 ? 'DOCUMENT.NOT_OWNER' : 'DOCUMENT.NOT_FOUND')}
        </p>
        <Link to={path('userfiles')} className="button button--primary">
          {t('ACCOUNT.MY_DOCUMENTS')}
        </Link>
      </div>
    );
  }
  if (!document) {
    return <LoadError onRetry={refetch} />;
  }
  return (
    <div className="upload-page__grid">
      <div className="upload-page__main">
        <DocumentForm
          key={document.id}
          initial={formFromDetails(document.details, language)}
          submitLabel={t('UPLOAD.SAVE')}
          pending={save.isPending}
          onSubmit={(details) =>
            save
              .mutateAsync({ id: document.id, details })
              .then(() => toastShown({ tone: 'success', text: t('UPLOAD.SAVED') }))
          }
        />
        <DocumentFiles document={document} />
      </div>
      <div className="upload-page__side">
        <Publication document={document} />
        <Preview document={document} />
      </div>
    </div>
  );
}

function NewDocument() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const save = useSaveDocument();
  const { toastShown } = useUiActions();
  const [initial] = useState(() => emptyForm(new Date()));
  useDocumentTitle(t('UPLOAD.NEW_TITLE'));
  return (
    <div className="upload-page__grid">
      <div className="upload-page__main">
        <DocumentForm
          initial={initial}
          submitLabel={t('UPLOAD.CREATE')}
          pending={save.isPending}
          onSubmit={(details) =>
            save.mutateAsync({ details }).then((document) => {
              toastShown({ tone: 'success', text: t('UPLOAD.CREATED') });
              void navigate(path('upload', { id: document.id }), { replace: true });
            })
          }
        />
      </div>
      <div className="upload-page__side">
        <Card title={t('UPLOAD.FILES')}>
          <p className="hint">{t('UPLOAD.SAVE_BEFORE_FILES')}</p>
        </Card>
      </div>
    </div>
  );
}

/** SPEC §2 Upload/Edit document (route upload, admin/user/upload/{id?}): a new document, or one to edit. */
export function UploadPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <div className="page upload-page">
      <h1 className="page__title">{t(id ? 'UPLOAD.EDIT_TITLE' : 'UPLOAD.NEW_TITLE')}</h1>
      {id ? <EditDocument key={id} id={id} /> : <NewDocument />}
    </div>
  );
}
