import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { formatMoney } from '../../../utils/format';
import { useBasket } from '../api/get-basket';

/** Top-bar link to the basket with its total in EUR. */
export function BasketLink() {
  const { t } = useTranslation();
  const language = useLanguage();
  const path = useLocalizedPath();
  const { data: basket } = useBasket();
  const total = basket?.total ?? 0;
  const count = basket?.documentCount ?? 0;
  return (
    <Link
      to={path('cart')}
      className="topbar__basket"
      aria-label={t('NAV.BASKET_LINK_LABEL', { count, amount: formatMoney(total, language) })}
      data-testid="basket-link"
    >
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {count > 0 && (
        <span className="topbar__badge" aria-hidden="true">
          {count}
        </span>
      )}
      <Money cents={total} testId="basket-amount" />
    </Link>
  );
}
