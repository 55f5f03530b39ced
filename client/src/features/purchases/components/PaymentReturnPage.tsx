import { useTranslation } from '../../../i18n';
import { Navigate, useParams } from 'react-router';
import { Link } from '@/components/Link';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { usePurchase } from '../api/get-purchase';
import { cancelText } from './cancel-text';
import { keyFragment, usePurchaseKey } from './purchase-key';
import './purchases.css';

/**
 * Where the gateway sends the buyer back (route paymentReturn): waits for the payment's outcome (the
 * gateway's message may still be on its way), then opens the purchase summary, or says what happened.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { id = '' } = useParams();
  const key = usePurchaseKey();
  useDocumentTitle(t('PAYMENT.RETURN_TITLE'));
  const { data: purchase, isError } = usePurchase(id, key, true);

  if (purchase?.status === 'paid') {
    return <Navigate to={`${path('purchaseSummary', { id })}${keyFragment(key)}`} replace />;
  }
  return (
    <div className="page page--narrow payment-return">
      <h1 className="page__title">{t('PAYMENT.RETURN_TITLE')}</h1>
      {isError && (
        <p className="notice notice--danger" role="alert">
          {t('PURCHASE.NOT_FOUND')}
        </p>
      )}
      {!isError && (!purchase || purchase.status === 'pending') && (
        <div role="status" className="payment-return__waiting" data-testid="payment-waiting">
          <Spinner />
          <p>{t('PAYMENT.CONFIRMING')}</p>
        </div>
      )}
      {purchase?.status === 'canceled' && (
        <div className="notice notice--warning" role="alert" data-testid="payment-not-paid">
          <p>{t(cancelText(purchase.cancelReason))}</p>
          {purchase.refundDue && <p data-testid="payment-refund-due">{t('PURCHASE.REFUND_DUE')}</p>}
          <Link className="button button--primary" to={path('cart')}>
            {t('PAYMENT.BACK_TO_CART')}
          </Link>
        </div>
      )}
    </div>
  );
}
