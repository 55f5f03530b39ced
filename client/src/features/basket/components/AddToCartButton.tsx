import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../../api/types';
import { useRequestAddToBasket } from '../api/add-document-to-basket';

interface AddToCartButtonProps {
  document: DocumentRef;
  size?: 'normal' | 'large';
}

export function AddToCartButton({ document, size = 'normal' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  const { request, isPending, pendingDocumentId } = useRequestAddToBasket();
  const busy = isPending && pendingDocumentId === document.id;
  return (
    <button
      type="button"
      className={`button button--primary${size === 'large' ? ' button--large' : ''}`}
      onClick={() => request(document)}
      disabled={busy}
      aria-busy={busy}
      aria-label={t('COMMON.ADD_TO_CART_LABEL', { title: document.title })}
      data-testid="add-to-cart"
    >
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {t('COMMON.ADD_TO_CART')}
    </button>
  );
}
