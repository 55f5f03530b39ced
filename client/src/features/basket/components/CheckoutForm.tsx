import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
import { Card } from '../../../components/Card';
import { CheckboxField, FormField, TextField } from '../../../components/FormField';
import { ApiError, fieldMessages } from '../../../api/http';
import type { Basket } from '../../../api/types';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useCheckOut } from '../api/check-out';
import { useConfirmBasket, useReopenBasket } from '../api/confirm-basket';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { VatQuote, VatQuoteRequest } from '../api/get-vat-quote';
import { useLanguage } from '../../../hooks/use-language';
import { countryOptions } from '../../../utils/countries';
import {
  type CheckoutField,
  type CheckoutValues,
  formFieldOf,
  initialCheckoutValues,
  toConfirmBody,
  validateCheckout,
} from '../checkout-form';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { VatAnswer } from './VatAnswer';
import './checkout.css';
import { focusResult } from '../../../utils/focus-result';

type TextFieldName =
  'email' | 'firstName' | 'lastName' | 'address' | 'companyName' | 'registryCode' | 'vatNumber';
type TickName = 'wantsInvoice' | 'previewsSeen' | 'termsAccepted';

/**
 * The cart's checkout (SPEC §2, §4, §5): payer details, the invoice option, the previews-seen tick, the
 * terms of use and sale agreement with the EU consent to immediate delivery of digital content, the
 * payment method; "Confirm cart", then "Go pay" to the gateway. A confirmed basket shows its details
 * locked until the buyer reopens them.
 */
export interface VatQuoteState {
  readonly data: VatQuote | undefined;
  readonly loading: boolean;
  readonly failed: boolean;
  refetch(): unknown;
}

export function CheckoutForm({
  basket,
  vatQuote,
  onVatRequest,
}: {
  basket: Basket;
  /** The VAT preview for the details entered (CartPage asks it, so the summary shows it too). */
  vatQuote: VatQuoteState;
  onVatRequest: (request: VatQuoteRequest | null) => void;
}) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const language = useLanguage();
  const user = useSessionUser();
  const { toastShown, errorOccurred } = useUiActions();
  const confirm = useConfirmBasket();
  const reopen = useReopenBasket();
  const checkOut = useCheckOut();
  const [values, setValues] = useState<CheckoutValues>(() => initialCheckoutValues(basket, user));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  // The VAT number is sent for the preview once typed (on leaving the field), not at every key.
  const [vatNumberForQuote, setVatNumberForQuote] = useState(values.vatNumber.trim());
  const methods = usePaymentMethods(basket.listTotal, values.country, basket.documentCount > 0);
  const countries = useMemo(() => countryOptions(language), [language]);

  const free = basket.subtotal === 0;
  const offered = methods.data?.methods ?? [];
  const chosen = free ? 'free' : values.paymentMethod;
  const clientErrors = submitted ? validateCheckout({ ...values, paymentMethod: chosen }) : {};
  const errorOf = (field: CheckoutField): string | undefined =>
    serverErrors[field] ?? (clientErrors[field] ? t(clientErrors[field]) : undefined);
  const locked = basket.confirmed || confirm.isPending;

  const set = <K extends CheckoutField>(field: K, value: CheckoutValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A text field of the form: its label, its value and error from the form's state, its test ids. */
  const text = (
    field: TextFieldName,
    label: string,
    autoComplete: string,
    more: { type?: string; onChange?: (value: string) => void; onBlur?: () => void } = {},
  ) => (
    <TextField
      id={`checkout-${field}`}
      label={label}
      error={errorOf(field)}
      errorTestId={`field-error-${field}`}
      fieldClassName="checkout__field"
      type={more.type ?? 'text'}
      autoComplete={autoComplete}
      value={values[field]}
      disabled={locked}
      onChange={more.onChange ?? ((value) => set(field, value))}
      onBlur={more.onBlur}
      data-testid={`checkout-${field}`}
    />
  );
  const tick = (field: TickName, label: ReactNode) => (
    <CheckboxField
      id={`checkout-${field}`}
      className="checkout__tick"
      label={label}
      checked={values[field]}
      error={errorOf(field)}
      errorTestId={`field-error-${field}`}
      disabled={locked}
      onChange={(checked) => set(field, checked)}
      testId={`checkout-${field}`}
    />
  );

  const vatNumber = values.wantsInvoice && vatNumberForQuote !== '' ? vatNumberForQuote : null;
  const request: VatQuoteRequest | null = basket.confirmed
    ? null
    : {
        country: values.country,
        vatNumber,
        paymentMethod: free ? 'free' : values.paymentMethod || null,
        countryOfResidence: values.countryOfResidence || null,
        payWithVatWhileViesUnavailable: values.payWithVatWhileViesUnavailable,
      };
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    onVatRequest(request);
    // The request is compared by its content: a new object with the same details asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  const quote = vatQuote.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const complete = { ...values, paymentMethod: chosen };
    if (Object.keys(validateCheckout(complete)).length > 0) {
      toastShown({ tone: 'danger', text: t('VALIDATION.FORM_HAS_ERRORS') });
      return;
    }
    const expectedTotal = quote?.state === 'decided' && quote.total !== null ? quote.total : basket.total;
    confirm.mutate(toConfirmBody(complete, expectedTotal), {
      onSuccess: () => {
        toastShown({ tone: 'success', text: t('CHECKOUT.CONFIRMED') });
        // The next step: the details are locked, "Go pay" is the way on.
        focusResult('[data-testid="cart-go-pay"]:not([disabled])');
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerErrors(fieldMessages(error, formFieldOf));
        errorOccurred(error);
      },
    });
  };

  const goPay = () =>
    checkOut.mutate(undefined, {
      onSuccess: ({ paymentUrl }) => window.location.assign(paymentUrl),
      onError: errorOccurred,
    });

  return (
    <Card title={t('CHECKOUT.TITLE')} titleId="checkout-title" className="checkout">
      <form id="checkout-form" className="checkout__form" noValidate onSubmit={submit}>
        <fieldset className="checkout__group">
          <legend className="checkout__legend">{t('CHECKOUT.PAYER')}</legend>
          <div className="checkout__grid">
            {text('email', t('CHECKOUT.EMAIL'), 'email', { type: 'email' })}
            <span className="checkout__spacer" />
            {text('firstName', t('CHECKOUT.FIRST_NAME'), 'given-name')}
            {text('lastName', t('CHECKOUT.LAST_NAME'), 'family-name')}
            <div className="checkout__wide">{text('address', t('CHECKOUT.ADDRESS'), 'street-address')}</div>
            <FormField
              id="checkout-country"
              label={t('CHECKOUT.COUNTRY')}
              error={errorOf('country')}
              errorTestId="field-error-country"
              className="checkout__field"
            >
              {(tie) => (
                <select
                  {...tie}
                  className="field__control"
                  autoComplete="country"
                  value={values.country}
                  disabled={locked}
                  onChange={(event) => {
                    set('country', event.target.value);
                    set('countryOfResidence', '');
                  }}
                  data-testid="checkout-country"
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="checkout__group">
          <legend className="checkout__legend">{t('CHECKOUT.INVOICE')}</legend>
          {tick('wantsInvoice', t('CHECKOUT.WANTS_INVOICE'))}
          {values.wantsInvoice ? (
            <div className="checkout__grid">
              <div className="checkout__wide">
                {text('companyName', t('CHECKOUT.COMPANY_NAME'), 'organization')}
              </div>
              {text('registryCode', t('CHECKOUT.REGISTRY_CODE'), 'off')}
              {text('vatNumber', t('CHECKOUT.VAT_NUMBER'), 'off', {
                onChange: (v) => {
                  set('vatNumber', v);
                  set('payWithVatWhileViesUnavailable', false);
                },
                onBlur: () => setVatNumberForQuote(values.vatNumber.trim()),
              })}
            </div>
          ) : (
            <p className="hint">{t('CHECKOUT.RECEIPT_HINT')}</p>
          )}
        </fieldset>

        {free ? (
          <p className="notice" data-testid="checkout-free">
            {t('CHECKOUT.NOTHING_TO_PAY')}
          </p>
        ) : methods.isError ? (
          <p className="notice notice--danger" role="alert">
            {t('PAYMENT.GATEWAY_UNAVAILABLE')}
          </p>
        ) : (
          <PaymentMethodChoice
            methods={offered}
            value={values.paymentMethod}
            disabled={locked}
            error={errorOf('paymentMethod')}
            onChange={(v) => set('paymentMethod', v)}
          />
        )}

        {!basket.confirmed && (
          <VatAnswer
            quote={quote}
            loading={vatQuote.loading}
            failed={vatQuote.failed}
            countryOfResidence={values.countryOfResidence}
            payingWithVat={values.payWithVatWhileViesUnavailable}
            disabled={locked}
            error={errorOf('countryOfResidence')}
            onCountryOfResidence={(code) => set('countryOfResidence', code)}
            onPayWithVat={() => set('payWithVatWhileViesUnavailable', true)}
            onTryAgain={() => void vatQuote.refetch()}
          />
        )}

        <div className="checkout__group">
          {tick('previewsSeen', t('CHECKOUT.PREVIEWS_SEEN'))}
          {tick(
            'termsAccepted',
            <>
              {t('CHECKOUT.TERMS_ACCEPTED')}{' '}
              <Link to={path('termsofuse')} target="_blank" rel="noopener">
                {t('CHECKOUT.TERMS_LINK')}
              </Link>
            </>,
          )}
        </div>

        {basket.confirmed && (
          <div className="notice checkout__confirmed" role="status" data-testid="checkout-confirmed">
            <p>{t('CHECKOUT.CONFIRMED_NOTICE')}</p>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() =>
                reopen.mutate(undefined, {
                  onSuccess: () => focusResult('#checkout-email:not([disabled])'),
                  onError: errorOccurred,
                })
              }
              disabled={reopen.isPending || checkOut.isPending}
              data-testid="checkout-change"
            >
              {t('CHECKOUT.CHANGE_DETAILS')}
            </button>
          </div>
        )}

        <div className="checkout__actions">
          <button
            type="submit"
            className="button button--secondary"
            disabled={locked}
            data-testid="cart-confirm"
          >
            {t('CHECKOUT.CONFIRM_CART')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!basket.confirmed || checkOut.isPending || checkOut.isSuccess}
            aria-describedby={basket.confirmed ? undefined : 'checkout-go-pay-hint'}
            onClick={goPay}
            data-testid="cart-go-pay"
          >
            {t('BASKET.GO_PAY')}
          </button>
        </div>
        {!basket.confirmed && (
          <p id="checkout-go-pay-hint" className="hint">
            {t('CHECKOUT.CONFIRM_FIRST')}
          </p>
        )}
      </form>
    </Card>
  );
}
