import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import type { DocumentRef } from '../../../api/types';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useBasketActions } from './BasketProvider';
import { GetItFree } from './FreeCheckout';

interface AddToCartButtonProps {
  /** The document; with its price the large button also says how its files are had (free or paid). */
  document: DocumentRef & { price?: number };
  size?: 'normal' | 'large';
}

const CartIcon = () => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
    <circle cx="10" cy="20" r="1.4" />
    <circle cx="17" cy="20" r="1.4" />
  </svg>
);

/**
 * "Add to cart" (SPEC §2), or "In cart", a link to the cart, for a document the basket already
 * holds. The accessible name starts with the visible words and adds the title, so a list of
 * documents has buttons a screen reader can tell apart.
 */
export function AddToCartButton({ document, size = 'normal' }: AddToCartButtonProps) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const { basket, request, addingDocumentId } = useBasketActions();
  const busy = addingDocumentId === document.id;
  const inBasket = basket?.documents.some((line) => line.documentId === document.id) === true;
  const sizeClass = size === 'large' ? ' button--large' : '';

  // The button the user pressed turns into the link: focus moves along instead of falling to <body>.
  const buttonHadFocus = useRef(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!inBasket || !buttonHadFocus.current) return;
    buttonHadFocus.current = false;
    const active = window.document.activeElement;
    if (!active || active === window.document.body) linkRef.current?.focus();
  }, [inBasket]);

  const note =
    size === 'large' && document.price !== undefined ? (
      <p className="hint add-to-cart__note" data-testid="add-to-cart-note">
        {t(document.price === 0 ? 'BASKET.FREE_NOTE' : 'BASKET.PAID_NOTE')}
      </p>
    ) : null;

  // A free document's own page gets it in one step, without the basket (docs/decisions/free-templates-in-one-step.md).
  if (size === 'large' && document.price === 0 && !inBasket) return <GetItFree documentId={document.id} />;
  if (inBasket) {
    return (
      <>
        <Link
          ref={linkRef}
          to={path('cart')}
          className={`button button--secondary${sizeClass}`}
          data-testid="in-basket"
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
          {t('BASKET.IN_BASKET')}
          <span className="visually-hidden">: {document.title}</span>
        </Link>
        {note}
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={`button button--primary${sizeClass}`}
        onClick={() => {
          if (busy) return;
          buttonHadFocus.current = true;
          request(document);
        }}
        // aria-disabled, not disabled: a disabled button drops the focus the modal gives back to it.
        aria-disabled={busy || undefined}
        aria-busy={busy}
        data-testid="add-to-cart"
      >
        <CartIcon />
        {t('COMMON.ADD_TO_CART')}
        <span className="visually-hidden">: {document.title}</span>
      </button>
      {note}
    </>
  );
}
