import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { Link } from '@/components/Link';
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

function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  field: CheckoutField;
  label: string;
  type?: string;
  autoComplete: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const id = `checkout-${field}`;
  return (
    <div className={`field checkout__field${error ? ' checkout__field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        type={type}
        autoComplete={autoComplete}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        data-testid={id}
      />
      {error && (
        <p className="field__error" id={`${field}-error`} data-testid={`field-error-${field}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Tick({
  field,
  checked,
  error,
  disabled,
  onChange,
  children,
}: {
  field: CheckoutField;
  checked: boolean;
  error?: string;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const id = `checkout-${field}`;
  return (
    <div className="checkout__tick">
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={id}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p className="field__error" id={`${field}-error`} data-testid={`field-error-${field}`}>
          {error}
        </p>
      )}
    </div>
  );
}

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
    <section className="card checkout" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="card__title">
        {t('CHECKOUT.TITLE')}
      </h2>
      <form id="checkout-form" className="checkout__form" noValidate onSubmit={submit}>
        <fieldset className="checkout__group">
          <legend className="checkout__legend">{t('CHECKOUT.PAYER')}</legend>
          <div className="checkout__grid">
            <TextField
              field="email"
              type="email"
              autoComplete="email"
              label={t('CHECKOUT.EMAIL')}
              value={values.email}
              error={errorOf('email')}
              disabled={locked}
              onChange={(v) => set('email', v)}
            />
            <span className="checkout__spacer" />
            <TextField
              field="firstName"
              autoComplete="given-name"
              label={t('CHECKOUT.FIRST_NAME')}
              value={values.firstName}
              error={errorOf('firstName')}
              disabled={locked}
              onChange={(v) => set('firstName', v)}
            />
            <TextField
              field="lastName"
              autoComplete="family-name"
              label={t('CHECKOUT.LAST_NAME')}
              value={values.lastName}
              error={errorOf('lastName')}
              disabled={locked}
              onChange={(v) => set('lastName', v)}
            />
            <div className="checkout__wide">
              <TextField
                field="address"
                autoComplete="street-address"
                label={t('CHECKOUT.ADDRESS')}
                value={values.address}
                error={errorOf('address')}
                disabled={locked}
                onChange={(v) => set('address', v)}
              />
            </div>
            <div className={`field checkout__field${errorOf('country') ? ' checkout__field--invalid' : ''}`}>
              <label htmlFor="checkout-country" className="field__label">
                {t('CHECKOUT.COUNTRY')}
              </label>
              <select
                id="checkout-country"
                className="field__control"
                autoComplete="country"
                value={values.country}
                disabled={locked}
                aria-invalid={errorOf('country') ? true : undefined}
                aria-describedby={errorOf('country') ? 'country-error' : undefined}
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
              {errorOf('country') && (
                <p className="field__error" id="country-error" data-testid="field-error-country">
                  {errorOf('country')}
                </p>
              )}
            </div>
          </div>
        </fieldset>

        <fieldset className="checkout__group">
          <legend className="checkout__legend">{t('CHECKOUT.INVOICE')}</legend>
          <Tick
            field="wantsInvoice"
            checked={values.wantsInvoice}
            disabled={locked}
            onChange={(v) => set('wantsInvoice', v)}
          >
            {t('CHECKOUT.WANTS_INVOICE')}
          </Tick>
          {values.wantsInvoice ? (
            <div className="checkout__grid">
              <div className="checkout__wide">
                <TextField
                  field="companyName"
                  autoComplete="organization"
                  label={t('CHECKOUT.COMPANY_NAME')}
                  value={values.companyName}
                  error={errorOf('companyName')}
                  disabled={locked}
                  onChange={(v) => set('companyName', v)}
                />
              </div>
              <TextField
                field="registryCode"
                autoComplete="off"
                label={t('CHECKOUT.REGISTRY_CODE')}
                value={values.registryCode}
                error={errorOf('registryCode')}
                disabled={locked}
                onChange={(v) => set('registryCode', v)}
              />
              <TextField
                field="vatNumber"
                autoComplete="off"
                label={t('CHECKOUT.VAT_NUMBER')}
                value={values.vatNumber}
                error={errorOf('vatNumber')}
                disabled={locked}
                onChange={(v) => {
                  set('vatNumber', v);
                  set('payWithVatWhileViesUnavailable', false);
                }}
                onBlur={() => setVatNumberForQuote(values.vatNumber.trim())}
              />
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
          <Tick
            field="previewsSeen"
            checked={values.previewsSeen}
            error={errorOf('previewsSeen')}
            disabled={locked}
            onChange={(v) => set('previewsSeen', v)}
          >
            {t('CHECKOUT.PREVIEWS_SEEN')}
          </Tick>
          <Tick
            field="termsAccepted"
            checked={values.termsAccepted}
            error={errorOf('termsAccepted')}
            disabled={locked}
            onChange={(v) => set('termsAccepted', v)}
          >
            {t('CHECKOUT.TERMS_ACCEPTED')}{' '}
            <Link to={path('termsofuse')} target="_blank" rel="noopener">
              {t('CHECKOUT.TERMS_LINK')}
            </Link>
          </Tick>
        </div>

        {basket.confirmed && (
          <div className="notice checkout__confirmed" role="status" data-testid="checkout-confirmed">
            <p>{t('CHECKOUT.CONFIRMED_NOTICE')}</p>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() =>
                reopen.mutate(undefined, {
                  onSuccess: () => focusResult('#checkout-email'),
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
    </section>
  );
}
