import { useTranslation } from '../../../i18n';
import type { PaymentMethod } from '../api/get-payment-methods';
import { BankLogo } from './BankLogo';

interface Props {
  methods: PaymentMethod[];
  value: string;
  disabled: boolean;
  error?: string;
  onChange: (methodId: string) => void;
}

interface Group {
  key: string;
  legend: string;
  methods: PaymentMethod[];
}

/** SPEC §2: a choice between bank links (grouped by country, with their logos) and cards. */
export function PaymentMethodChoice({ methods, value, disabled, error, onChange }: Props) {
  const { t } = useTranslation();
  const groups: Group[] = [];
  const countries = [...new Set(methods.filter((m) => m.group === 'banklink').map((m) => m.country ?? ''))];
  for (const country of countries) {
    groups.push({
      key: `banklink-${country}`,
      legend: t('CHECKOUT.BANK_LINKS_IN', { country: t(`COUNTRY.${country.toUpperCase()}`) }),
      methods: methods.filter((m) => m.group === 'banklink' && (m.country ?? '') === country),
    });
  }
  const cards = methods.filter((m) => m.group === 'card');
  if (cards.length > 0) groups.push({ key: 'card', legend: t('CHECKOUT.CARDS'), methods: cards });
  const others = methods.filter((m) => m.group === 'other');
  if (others.length > 0) groups.push({ key: 'other', legend: t('CHECKOUT.OTHER_METHODS'), methods: others });

  return (
    <fieldset
      className={`payment-methods${error ? ' payment-methods--invalid' : ''}`}
      aria-describedby={error ? 'paymentMethod-error' : undefined}
      data-testid="payment-methods"
    >
      <legend className="checkout__legend">{t('CHECKOUT.PAYMENT_METHOD')}</legend>
      {groups.map((group) => (
        <fieldset key={group.key} className="payment-methods__group">
          <legend className="payment-methods__group-title">{group.legend}</legend>
          <div className="payment-methods__options">
            {group.methods.map((method) => {
              const id = `payment-method-${method.id.replace(/[^a-z0-9]+/gi, '-')}`;
              return (
                <label key={method.id} htmlFor={id} className="payment-method">
                  <input
                    id={id}
                    type="radio"
                    name="paymentMethod"
                    value={method.id}
                    checked={value === method.id}
                    disabled={disabled}
                    onChange={() => onChange(method.id)}
                    data-testid={`payment-method-${method.name}`}
                  />
                  <BankLogo name={method.name} displayName={method.displayName} />
                  <span className="payment-method__name">{method.displayName}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {error && (
        <p className="field__error" id="paymentMethod-error" data-testid="field-error-paymentMethod">
          {error}
        </p>
      )}
    </fieldset>
  );
}
