import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import '../../../components/card.css';

const BLOCKS = [
  { key: 'WHY', icon: 'M12 3l7 4v5c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V7z' },
  { key: 'WHO', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0' },
  { key: 'HOW', icon: 'M5 12l4 4L19 6' },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  const path = useLocalizedPath();
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{t('HOME.HERO_TITLE')}</h1>
          <p className="hero__text">{t('HOME.HERO_TEXT')}</p>
          <div className="hero__actions">
            <Link
              to={path('search')}
              className="button button--primary button--large"
              data-testid="home-search"
            >
              {t('HOME.SEARCH_DRAFTS')}
            </Link>
            <Link to={path('upload')} className="button button--inverse button--large" data-testid="home-add">
              {t('HOME.ADD_DRAFTS')}
            </Link>
          </div>
        </div>
      </section>
      <section className="page features" aria-label={t('HOME.FEATURES_LABEL')}>
        {BLOCKS.map((block) => (
          <article key={block.key} className="card feature">
            <svg className="feature__icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d={block.icon} />
            </svg>
            <h2 className="feature__title">{t(`HOME.${block.key}_TITLE`)}</h2>
            <p>{t(`HOME.${block.key}_TEXT`)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
