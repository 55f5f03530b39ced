import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { Money } from '../../../components/Money';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useBasketActions } from './BasketProvider';

/**
 * Top-bar link to the basket with its total in EUR. Its name is its visible text ('2', '12,40 €')
 * with the words a screen reader needs around it ('Cart', 'documents').
 */
export function BasketLink() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { basket } = useBasketActions();
  const total = basket?.total ?? 0;
  const count = basket?.documentCount ?? 0;
  return (
    <Link to={path('cart')} className="topbar__basket" data-testid="basket-link">
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span className="visually-hidden">{t('NAV.CART')}: </span>
      {count > 0 && (
        <span className="topbar__badge">
          {count}
          <span className="visually-hidden"> {t('NAV.BASKET_DOCUMENTS', { count })}, </span>
        </span>
      )}
      <Money cents={total} testId="basket-amount" />
    </Link>
  );
}
