import { useTranslation } from '../../../i18n';
import { useLanguage } from '../../../hooks/use-language';
import type { VatQuote } from '../api/get-vat-quote';
import { countryName } from '../../../utils/countries';
import { ratePercent } from '../../../utils/vat-rate';

interface Props {
  quote: VatQuote | undefined;
  loading: boolean;
  failed: boolean;
  countryOfResidence: string;
  payingWithVat: boolean;
  disabled: boolean;
  error?: string;
  onCountryOfResidence: (country: string) => void;
  onPayWithVat: () => void;
  onTryAgain: () => void;
}

/**
 * What the buyer's details mean for the VAT, before they confirm: the rate and whose it is, the reverse
 * charge VIES confirmed, or what is needed: where the buyer lives (the evidence contradicts itself, or a
 * card says nothing), or a choice when VIES does not answer (pay with VAT now, or try again). Never a
 * silent zero rate.
 */
export function VatAnswer({
  quote,
  loading,
  failed,
  countryOfResidence,
  payingWithVat,
  disabled,
  error,
  onCountryOfResidence,
  onPayWithVat,
  onTryAgain,
}: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = (code: string | null) => (code ? countryName(code, language) : '');
  let body: React.ReactNode = null;
  if (!quote) {
    body = loading ? <p className="hint">{t('CHECKOUT.VAT_CHECKING')}</p> : null;
    if (failed) body = <p className="notice notice--danger">{t('PAYMENT.GATEWAY_UNAVAILABLE')}</p>;
  } else if (quote.state === 'decided') {
    const rate = ratePercent(quote.rate ?? 0, language);
    const text =
      quote.treatment === 'reverse-charge'
        ? t('CHECKOUT.VAT_DECIDED_REVERSE_CHARGE', { vatNumber: quote.vies?.vatNumber ?? '' })
        : quote.treatment === 'outside-scope'
          ? t('CHECKOUT.VAT_DECIDED_OUTSIDE')
          : quote.treatment === 'oss'
            ? t('CHECKOUT.VAT_DECIDED_OSS', { country: name(quote.vatCountry), rate })
            : t('CHECKOUT.VAT_DECIDED_DOMESTIC', { rate });
    body = (
      <>
        <p data-testid="vat-decided">{text}</p>
        {payingWithVat && quote.vies?.status === 'unavailable' && (
          <p className="hint">{t('CHECKOUT.VIES_PAYING_WITH_VAT')}</p>
        )}
        {quote.provisional && <p className="hint">{t('BASKET.VAT_PROVISIONAL')}</p>}
      </>
    );
  } else if (quote.state === 'question' && quote.question) {
    const { kind, options } = quote.question;
    body = (
      <fieldset className="checkout__group" aria-describedby={error ? 'countryOfResidence-error' : undefined}>
        <legend className="checkout__legend">{t('CHECKOUT.COUNTRY_OF_RESIDENCE')}</legend>
        <p>
          {t(kind === 'contradiction' ? 'CHECKOUT.VAT_CONTRADICTION' : 'CHECKOUT.VAT_CONFIRMATION')}{' '}
          {t('CHECKOUT.VAT_QUESTION')}
        </p>
        {options.map((code) => (
          <div className="checkbox" key={code}>
            <input
              id={`checkout-residence-${code}`}
              type="radio"
              name="countryOfResidence"
              value={code}
              checked={countryOfResidence === code}
              disabled={disabled}
              onChange={() => onCountryOfResidence(code)}
              data-testid={`checkout-residence-${code}`}
            />
            <label htmlFor={`checkout-residence-${code}`}>{name(code)}</label>
          </div>
        ))}
      </fieldset>
    );
  } else if (quote.state === 'vies-unavailable') {
    body = (
      <div className="notice notice--warning" role="alert" data-testid="vies-unavailable">
        <p>{t('CHECKOUT.VIES_UNAVAILABLE', { error: quote.vies?.error ?? '' })}</p>
        <div className="checkout__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={disabled}
            onClick={onPayWithVat}
          >
            {t('CHECKOUT.VIES_PAY_WITH_VAT')}
          </button>
          <button type="button" className="button button--ghost" disabled={disabled} onClick={onTryAgain}>
            {t('CHECKOUT.VIES_TRY_AGAIN')}
          </button>
        </div>
      </div>
    );
  } else if (quote.state === 'vies-invalid') {
    body = (
      <p className="notice notice--danger" role="alert" data-testid="vies-invalid">
        {t('CHECKOUT.VIES_INVALID', { vatNumber: quote.vies?.vatNumber ?? '' })}
      </p>
    );
  }
  return (
    <section
      className="checkout__group checkout__vat"
      aria-labelledby="checkout-vat-title"
      aria-live="polite"
    >
      <h3 id="checkout-vat-title" className="checkout__legend">
        {t('CHECKOUT.VAT_TITLE')}
      </h3>
      {body}
      {error && (
        <p
          className="field__error"
          id="countryOfResidence-error"
          data-testid="field-error-countryOfResidence"
        >
          {error}
        </p>
      )}
    </section>
  );
}
