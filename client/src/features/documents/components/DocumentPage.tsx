import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { useParams } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError } from '../../../api/http';
import type { DocumentDetail } from '../../../api/types';
import { FormattedDate } from '../../../components/FormattedDate';
import '../../../components/data-table.css';
import { Money } from '../../../components/Money';
import { usePageContext } from '../../../api/page-context';
import { usePageMeta } from '../../../hooks/use-document-title';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { codeLabel } from '../../../i18n/labels';
import { languageOfPath } from '../../../config/routes';
import { useLastSearch } from '../../../stores/last-search-store';
import { useDocument } from '../api/get-document';
import { type OwnedPurchase, useOwnedPurchases } from '../api/get-owned-purchases';
import { formatDate } from '../../../utils/format';
import { useSessionUser } from '../../../stores/session-store';
import { DocumentViewer } from './DocumentViewer';
import '../documents.css';
import { documentHead, shortDescription } from '../document-head';
import { DocumentSkeleton } from './DocumentSkeleton';
import { DocumentTabs } from './DocumentTabs';
import { LoadError } from '../../../components/LoadError';
import { NotFound } from '../../../components/NotFound';

interface DocumentPageProps {
  /** The add-to-basket action, composed by the app (it belongs to the basket feature). */
  renderAddToCart?: (document: DocumentDetail) => ReactNode;
  /** The uploader's own actions (Edit), composed by the app; they render nothing for others. */
  renderOwnerActions?: (document: DocumentDetail) => ReactNode;
}

function Overview({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const uploaderSearch = path('searchUploader', { uploaderId: document.uploader.id });
  const rows: [string, ReactNode][] = [
    [t('DOCUMENT_PAGE.FIELD_OF_LAW'), codeLabel(t, 'FIELD_OF_LAW', document.fieldOfLaw)],
    [t('DOCUMENT_PAGE.APPLICABLE_LAW'), codeLabel(t, 'COUNTRY', document.applicableLaw)],
    [t('DOCUMENT_PAGE.LANGUAGE'), codeLabel(t, 'LANGUAGE', document.language)],
    [t('DOCUMENT_PAGE.YEAR'), document.year],
    [t('DOCUMENT_PAGE.CREATED'), <FormattedDate key="c" value={document.createdAt} calendar="shop" />],
    [t('DOCUMENT_PAGE.UPDATED'), <FormattedDate key="u" value={document.updatedAt} calendar="shop" />],
    [t('DOCUMENT_PAGE.PRICE'), <Money key="p" cents={document.price} freeWhenZero testId="document-price" />],
  ];
  if (document.author) {
    rows.push([t('DOCUMENT_PAGE.AUTHOR'), `${document.author.firstName} ${document.author.lastName}`]);
  }
  rows.push([
    t('DOCUMENT_PAGE.UPLOADER'),
    <span key="up">
      {document.uploader.name}{' '}
      <Link to={uploaderSearch} className="inline-link" data-testid="uploader-documents-link">
        {t('DOCUMENT_PAGE.UPLOADER_OTHER_DOCUMENTS')}
      </Link>
    </span>,
  ]);
  if (document.uploader.company) rows.push([t('DOCUMENT_PAGE.COMPANY'), document.uploader.company]);
  // Everything else the uploader made public on their profile (docs/decisions/product-user-and-profile.md).
  const profile = document.uploader.profile ?? {};
  if (profile.areasOfPractice)
    rows.push([t('DOCUMENT_PAGE.UPLOADER_AREAS_OF_PRACTICE'), profile.areasOfPractice]);
  if (profile.additionalInfo) rows.push([t('DOCUMENT_PAGE.UPLOADER_INFO'), profile.additionalInfo]);
  if (profile.email)
    rows.push([
      t('DOCUMENT_PAGE.UPLOADER_EMAIL'),
      <a key="e" href={`mailto:${profile.email}`} className="inline-link">
        {profile.email}
      </a>,
    ]);
  if (profile.country)
    rows.push([t('DOCUMENT_PAGE.UPLOADER_COUNTRY'), codeLabel(t, 'COUNTRY', profile.country)]);
  if (profile.language)
    rows.push([t('DOCUMENT_PAGE.UPLOADER_LANGUAGE'), codeLabel(t, 'LANGUAGE', profile.language)]);
  if (document.tags.length) rows.push([t('DOCUMENT_PAGE.TAGS'), document.tags.join(', ')]);
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Files({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  if (!document.files.length) return <p>{t('DOCUMENT_PAGE.NO_FILES')}</p>;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('DOCUMENT_PAGE.FILE_TITLE')}</th>
            <th scope="col">{t('DOCUMENT_PAGE.FORMAT')}</th>
            <th scope="col" className="table__num">
              {t('DOCUMENT_PAGE.PAGES')}
            </th>
            <th scope="col" className="table__num">
              {t('DOCUMENT_PAGE.SIZE')}
            </th>
          </tr>
        </thead>
        <tbody>
          {document.files.map((file) => (
            <tr key={file.id} data-testid="document-file">
              <td>
                {file.title}
                {file.isMain && <span className="badge">{t('DOCUMENT_PAGE.MAIN_FILE')}</span>}
                {file.state !== 'done' && (
                  <span className={`badge badge--${file.state}`}>
                    {t(`DOCUMENT_PAGE.STATE_${file.state}`)}
                  </span>
                )}
              </td>
              <td className="table__format">{file.format.toUpperCase()}</td>
              <td className="table__num">{file.pages ?? t('COMMON.NOT_SET')}</td>
              <td className="table__num">{t('DOCUMENT_PAGE.SIZE_KB', { size: file.sizeKb })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "You have bought this" for a signed-in buyer who owns the document: the way to its files, and buying it
 * again only on purpose (behind "Buy again").
 */
function Owned({ purchase }: { purchase: OwnedPurchase }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <div className="owned" role="status" data-testid="document-owned">
      <p className="owned__title">{t('DOCUMENT_PAGE.OWNED_TITLE')}</p>
      {purchase.paidAt && (
        <p className="owned__text">
          {t('DOCUMENT_PAGE.OWNED_TEXT', { date: formatDate(purchase.paidAt), number: purchase.number })}
        </p>
      )}
      <Link
        to={path('purchaseSummary', { id: purchase.id })}
        className="button button--primary button--large"
        data-testid="document-owned-link"
      >
        {t('DOCUMENT_PAGE.OWNED_LINK')}
      </Link>
    </div>
  );
}

export function DocumentPage({ renderAddToCart, renderOwnerActions }: DocumentPageProps) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { slug = '' } = useParams();
  const { data: document, error, isPending, refetch, missingOnPage } = useDocument(slug);
  const [tab, setTab] = useState('overview');
  const language = useLanguage();
  const { siteUrl } = usePageContext();
  const lastSearch = useLastSearch();
  // The breadcrumb leads back to the visitor's last results (in this language), else to an empty search.
  const searchPath = lastSearch && languageOfPath(lastSearch) === language ? lastSearch : path('search');
  // Not found (or gone: deleted) as the API says, or as it said when the server made the page.
  const refused =
    error instanceof ApiError && [400, 404, 410].includes(error.status)
      ? error.status
      : isPending
        ? missingOnPage
        : undefined;
  const notFound = refused !== undefined;
  const user = useSessionUser();
  const owned = useOwnedPurchases(document?.id, user !== null).data?.items[0];
  usePageMeta(
    document?.title ?? (notFound ? t('DOCUMENT_PAGE.NOT_FOUND_TITLE') : null),
    document && shortDescription(document.description),
    document
      ? documentHead(document, { siteUrl, language, t })
      : notFound
        ? { status: refused === 410 ? 410 : 404 }
        : {},
  );

  if (notFound) {
    return (
      <NotFound
        title={t('DOCUMENT_PAGE.NOT_FOUND_TITLE')}
        text={t('DOCUMENT_PAGE.NOT_FOUND_TEXT')}
        to={path('search')}
        linkText={t('DOCUMENT_PAGE.BACK_TO_SEARCH')}
        testId="document-not-found"
      />
    );
  }
  if (isPending) return <DocumentSkeleton />;
  if (!document) {
    return <LoadError onRetry={refetch} className="page page--narrow" />;
  }

  return (
    <div className="page document-page">
      <nav className="breadcrumbs" aria-label="breadcrumbs">
        <Link to={searchPath} data-testid="breadcrumb-search">
          {t('NAV.SEARCH')}
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{document.title}</span>
      </nav>
      {document.status === 'draft' && (
        <p className="notice notice--warning" data-testid="document-draft-notice">
          {t('DOCUMENT_PAGE.DRAFT_NOTICE')}
        </p>
      )}
      <div className="document-page__grid">
        <article className="card document-page__main">
          <h1 className="page__title" data-testid="document-title">
            {document.title}
          </h1>
          <p className="document-page__description">{document.description}</p>
          <DocumentViewer document={document} />
          <DocumentTabs
            label={document.title}
            active={tab}
            onChange={setTab}
            tabs={[
              {
                id: 'overview',
                label: t('DOCUMENT_PAGE.OVERVIEW'),
                content: <Overview document={document} />,
              },
              {
                id: 'files',
                label: `${t('DOCUMENT_PAGE.FILES')} (${document.files.length})`,
                content: <Files document={document} />,
              },
            ]}
          />
        </article>
        <aside className="card document-page__buy" aria-label={t('DOCUMENT_PAGE.BUY_BOX')}>
          {/* On a phone this part sticks to the bottom of the screen (documents.css): price and the button. */}
          <div className="document-page__buy-bar" data-testid="buy-bar">
            <Money
              cents={document.price}
              freeWhenZero
              className={`price price--large${document.price === 0 ? ' price--free' : ''}`}
            />
            {owned ? <Owned purchase={owned} /> : document.status !== 'draft' && renderAddToCart?.(document)}
          </div>
          <div className="document-page__buy-details">
            {owned && document.status !== 'draft' && renderAddToCart && (
              <details className="buy-again" data-testid="buy-again">
                <summary>{t('DOCUMENT_PAGE.BUY_AGAIN')}</summary>
                <p className="hint">{t('DOCUMENT_PAGE.BUY_AGAIN_NOTE')}</p>
                {renderAddToCart(document)}
              </details>
            )}
            {renderOwnerActions?.(document)}
            <p className="hint">{t('DOCUMENT_PAGE.PREVIEW_NOTE')}</p>
          </div>
        </aside>
      </div>
    </div>
  );
}
