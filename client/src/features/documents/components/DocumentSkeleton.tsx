import { useTranslation } from '../../../i18n';
import { Skeleton, SkeletonText } from '../../../components/Skeleton';
import '../documents.css';
import '../../../components/card.css';

/**
 * The document page while it loads, in its own shape: breadcrumbs, the main card (title, description,
 * tabs, the overview's rows) and the buying card with its preview, so nothing moves when the data comes
 * (CLS, issue 11).
 */
export function DocumentSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page document-page" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{t('COMMON.LOADING')}</span>
      <Skeleton className="breadcrumbs" width="min(16rem, 60%)" />
      <div className="document-page__grid">
        <div className="card document-page__main">
          <Skeleton className="page-skeleton__title" width="min(28rem, 80%)" height="2.25rem" />
          <SkeletonText lines={2} />
          <Skeleton className="document-skeleton__tabs" height="2.6rem" />
          <span className="document-skeleton__facts" aria-hidden="true">
            {Array.from({ length: 9 }, (_, index) => (
              <Skeleton key={index} className="document-skeleton__fact" />
            ))}
          </span>
        </div>
        <div className="card document-page__buy">
          <Skeleton width="7rem" height="2rem" />
          <Skeleton shape="block" height="2.9rem" />
          <SkeletonText lines={2} />
          <Skeleton shape="block" className="document-skeleton__preview" />
        </div>
      </div>
    </div>
  );
}
