import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import type { DocumentSummary } from '../../../api/types';
import { Money } from '../../../components/Money';
import { useLocalizedPath } from '../../../hooks/use-language';
import { codeLabel } from '../../../i18n/labels';
import '../../../components/card.css';

const EXCERPT_LENGTH = 220;

function excerpt(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH - 30))}…`;
}

interface SearchResultItemProps {
  document: DocumentSummary;
  /** The upload screen for this document, given only to its uploader. */
  editPath?: string;
  /** The result's actions (add to basket), composed by the app. */
  renderActions?: (document: DocumentSummary) => ReactNode;
}

/** One result; a result already shown does not render again while the results after it are added. */
export const SearchResultItem = memo(function SearchResultItem({
  document,
  editPath,
  renderActions,
}: SearchResultItemProps) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const detailsPath = path('document', { slug: document.slug });
  return (
    <li className="result card" data-testid="search-result" data-result-id={document.id}>
      <div className="result__body">
        <h2 className="result__title">
          <Link to={detailsPath}>{document.title}</Link>
        </h2>
        <p className="result__description">{excerpt(document.description)}</p>
        <ul className="chips" aria-label={t('DOCUMENT_PAGE.OVERVIEW')}>
          <li className="chip">{codeLabel(t, 'FIELD_OF_LAW', document.fieldOfLaw)}</li>
          <li className="chip">
            {t('SEARCH.CHIP_LANGUAGE', { value: codeLabel(t, 'LANGUAGE', document.language) })}
          </li>
          <li className="chip">
            {t('SEARCH.CHIP_LAW', { value: codeLabel(t, 'COUNTRY', document.applicableLaw) })}
          </li>
          <li className="chip">{t('SEARCH.YEAR', { year: document.year })}</li>
          {document.formats.length > 0 && (
            <li className="chip">
              {t('SEARCH.CHIP_FORMATS', { value: document.formats.map((f) => f.toUpperCase()).join(', ') })}
            </li>
          )}
        </ul>
        <p className="result__uploader">{document.uploader.name}</p>
      </div>
      <div className="result__side">
        <Money
          cents={document.price}
          freeWhenZero
          className={`price${document.price === 0 ? ' price--free' : ''}`}
          testId="search-result-price"
        />
        <div className="result__actions">
          <Link to={detailsPath} className="button button--secondary" data-testid="search-result-details">
            {t('COMMON.DETAILS')}
          </Link>
          {editPath && (
            <Link to={editPath} className="button button--secondary" data-testid="search-result-edit">
              {t('SEARCH.EDIT')}
            </Link>
          )}
          {renderActions?.(document)}
        </div>
      </div>
    </li>
  );
});
