import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { useLanguage } from '../../../hooks/use-language';
import { type VatQuoteRequest, useVatQuote } from '../api/get-vat-quote';
import { vatLabel } from '../../../utils/vat-label';
import { Link } from '@/components/Link';
import type { Basket, BasketLine } from '../../../api/types';
import type { VatQuote } from '../api/get-vat-quote';
import { Money } from '../../../components/Money';
import { TableSkeleton } from '../../../components/Skeleton';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useUiActions } from '../../../stores/ui-store';
import { formatDateTime } from '../../../utils/format';
import { useClearBasket } from '../api/clear-basket';
import { useBasket } from '../api/get-basket';
import { useRemoveDocumentFromBasket } from '../api/remove-document-from-basket';
import { CheckoutForm } from './CheckoutForm';
import { FreeCheckoutForm } from './FreeCheckout';
import { useBasketId } from '../../../stores/basket-store';
import { LoadError } from '../../../components/LoadError';
import './checkout.css';
import { focusResultWhen } from '../../../utils/focus-result';
import { Card } from '../../../components/Card';

/** One line of the cart. The removal runs in CartPage, which outlives the line it removes. */
function CartLine({
  line,
  removing,
  onRemove,
}: {
  line: BasketLine;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <li className="cart-line" data-testid="cart-line">
      <div className="cart-line__main">
        <Link to={path('document', { slug: line.slug })} className="cart-line__title">
          {line.title}
        </Link>
      </div>
      <Money cents={line.price} freeWhenZero className="cart-line__price" testId="cart-line-price" />
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={removing}
        aria-label={t('BASKET.REMOVE_LABEL', { title: line.title })}
        data-testid="cart-remove"
        onClick={onRemove}
      >
        {t('BASKET.REMOVE')}
      </button>
    </li>
  );
}

/**
 * SPEC §2's figures: subtotal (the net prices), the service fee within it, VAT with its rate and country,
 * and the total. The buyer's VAT preview replaces Estonia's as soon as their details decide it; after
 * confirming, the basket's own figures (the decided VAT) are shown.
 */
function CartTotals({
  basket,
  quote,
  language,
}: {
  basket: Basket;
  quote: VatQuote | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const decided = quote?.state === 'decided' && quote.total !== null ? quote : null;
  const pending = quote !== undefined && decided === null;
  const figures = decided
    ? {
        subtotal: decided.subtotal ?? basket.subtotal,
        vat: decided.vat ?? 0,
        total: decided.total ?? basket.total,
        label: vatLabel(t, language, decided),
      }
    : {
        subtotal: basket.subtotal,
        vat: basket.vat,
        total: basket.total,
        label: vatLabel(t, language, basket.vatTreatment),
      };
  return (
    <>
      <dl className="totals">
        <div className="totals__row">
          <dt>{t('BASKET.SUBTOTAL')}</dt>
          <dd>
            <Money cents={figures.subtotal} testId="cart-subtotal" />
          </dd>
        </div>
        <div className="totals__row totals__row--minor">
          <dt>{t('BASKET.SERVICE_FEE')}</dt>
          <dd>
            <Money cents={basket.serviceFee} testId="cart-service-fee" />
          </dd>
        </div>
        <div className="totals__row totals__row--minor">
          <dt data-testid="cart-vat-label">{pending ? t('BASKET.VAT_PENDING') : figures.label}</dt>
          <dd>{pending ? '—' : <Money cents={figures.vat} testId="cart-vat" />}</dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>{t('BASKET.TOTAL')}</dt>
          <dd>{pending ? '—' : <Money cents={figures.total} testId="cart-total" />}</dd>
        </div>
      </dl>
      {!basket.confirmed && !decided && <p className="hint">{t('BASKET.VAT_ESTONIA_UNTIL_DETAILS')}</p>}
    </>
  );
}

export function CartPage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  useDocumentTitle(t('BASKET.TITLE'));
  const { data: basket, isPending, isError, refetch } = useBasket();
  const clear = useClearBasket();
  const remove = useRemoveDocumentFromBasket();
  const { confirmRequested, toastShown, errorOccurred } = useUiActions();
  const basketId = useBasketId();
  const language = useLanguage();
  // The buyer's details as the checkout has them: the VAT preview follows them (null once confirmed).
  const [vatRequest, setVatRequest] = useState<VatQuoteRequest | null>(null);
  const quoteQuery = useVatQuote(
    basket && basket.documentCount > 0 && !basket.confirmed && basket.total > 0 ? vatRequest : null,
    basket?.subtotal ?? 0,
  );
  const quote = quoteQuery.data;

  const removeLine = (documentId: string) => {
    const at = basket?.documents.findIndex((line) => line.documentId === documentId) ?? 0;
    const removes = () => document.querySelectorAll('[data-testid="cart-remove"]');
    // The answer may come before the list is redrawn: focus once the removed line is gone.
    const linesBefore = removes().length;
    remove.mutate(documentId, {
      onSuccess: () => {
        toastShown({ tone: 'success', text: t('BASKET.REMOVED') });
        // The list after the removal: the line that took its place, the one before, or the empty cart.
        focusResultWhen(
          () => removes().length < linesBefore,
          () => removes()[at] ?? removes()[at - 1],
          '[data-testid="cart-empty"] a',
          '#cart-lines-title',
        );
      },
      onError: errorOccurred,
    });
  };

  const askToClear = () =>
    confirmRequested({
      title: t('BASKET.CLEAR_CONFIRM_TITLE'),
      text: t('BASKET.CLEAR_CONFIRM_TEXT'),
      onConfirm: () =>
        clear.mutate(undefined, {
          onSuccess: () => toastShown({ tone: 'success', text: t('BASKET.CLEARED') }),
          onError: errorOccurred,
        }),
    });

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('BASKET.TITLE')}</h1>
      {isPending && <TableSkeleton />}
      {isError && <LoadError onRetry={refetch} />}
      {basket && basket.documents.length === 0 && (
        <div className="empty-state" data-testid="cart-empty">
          <p className="empty-state__text">{t('BASKET.EMPTY')}</p>
          <Link to={path('search')} className="button button--primary">
            {t('HOME.SEARCH_DRAFTS')}
          </Link>
        </div>
      )}
      {basket && basket.documents.length > 0 && (
        <div className="cart">
          <div className="cart__main">
            <Card
              title={t('BASKET.DOCUMENT_COUNT', { count: basket.documentCount })}
              titleId="cart-lines-title"
              className="cart__lines"
            >
              <ul className="cart-lines">
                {basket.documents.map((line) => (
                  <CartLine
                    key={line.documentId}
                    line={line}
                    removing={remove.isPending && remove.variables === line.documentId}
                    onRemove={() => removeLine(line.documentId)}
                  />
                ))}
              </ul>
              <div className="cart__line-actions">
                <Link to={path('search')} className="button button--ghost">
                  {t('BASKET.CONTINUE_SHOPPING')}
                </Link>
                <button
                  type="button"
                  className="button button--danger-ghost"
                  onClick={askToClear}
                  disabled={clear.isPending}
                  data-testid="cart-clear"
                >
                  {t('BASKET.CLEAR')}
                </button>
              </div>
            </Card>
            <div className="cart__checkout">
              {basket.total === 0 ? (
                // Only free documents: the e-mail and the terms, and the files at once; nothing says "pay".
                <Card
                  title={t('BASKET.FREE_CART_TITLE')}
                  titleId="free-cart-title"
                  className="checkout"
                  testId="free-cart"
                >
                  <p className="hint">{t('BASKET.FREE_CART_NOTE')}</p>
                  <FreeCheckoutForm
                    basketId={() => basketId}
                    submitLabel={t('BASKET.GET_THEM_FREE')}
                    testId="free-cart-form"
                  />
                </Card>
              ) : (
                <CheckoutForm
                  key={basket.confirmed ? 'confirmed' : 'open'}
                  basket={basket}
                  vatQuote={{
                    data: quote,
                    loading: quoteQuery.isFetching,
                    failed: quoteQuery.isError,
                    refetch: quoteQuery.refetch,
                  }}
                  onVatRequest={setVatRequest}
                />
              )}
            </div>
          </div>
          <aside className="card cart__summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="card__title">
              {t('BASKET.SUMMARY')}
            </h2>
            <CartTotals basket={basket} quote={basket.confirmed ? undefined : quote} language={language} />
            {basket.activeUntil && (
              <p className="cart__valid">
                {t('BASKET.ACTIVE_UNTIL', { time: formatDateTime(basket.activeUntil) })}
              </p>
            )}
            {basket.confirmed && (
              <p className="cart__status" data-testid="cart-status">
                {t('CHECKOUT.READY_TO_PAY')}
              </p>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
