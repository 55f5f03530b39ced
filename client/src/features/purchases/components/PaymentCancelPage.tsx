import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import './purchases.css';

/** Where a cancelled payment lands (route paymentCancel): nothing was paid; the basket is kept. */
export function PaymentCancelPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('PAYMENT.CANCEL_TITLE'));
  return (
    <div className="page page--narrow payment-return">
      <h1 className="page__title">{t('PAYMENT.CANCEL_TITLE')}</h1>
      <div className="notice" role="status" data-testid="payment-canceled">
        <p>{t('PAYMENT.CANCEL_TEXT')}</p>
        <Link className="button button--primary" to={path('cart')} data-testid="payment-back-to-cart">
          {t('PAYMENT.BACK_TO_CART')}
        </Link>
      </div>
    </div>
  );
}
