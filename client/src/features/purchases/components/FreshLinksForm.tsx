import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { ApiError, fieldMessages } from '../../../api/http';
import { useUiActions } from '../../../stores/ui-store';
import { useRequestFreshLinks } from '../api/request-fresh-links';
import '../../../components/card.css';

type Field = 'email' | 'purchaseNumber';

/**
 * Links ran out (or the link was lost): the buyer asks for new ones with the payer's e-mail and the purchase
 * number; they come with a new access key, and every older link stops working.
 */
export function FreshLinksForm({
  purchaseNumber,
  title = 'PURCHASE.FRESH_LINKS_TITLE',
}: {
  purchaseNumber: string;
  title?: string;
}) {
  const { t } = useTranslation();
  const { toastShown, errorOccurred } = useUiActions();
  const request = useRequestFreshLinks();
  const [email, setEmail] = useState('');
  const [number, setNumber] = useState(purchaseNumber);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (email.trim() === '') local.email = t('VALIDATION.REQUIRED');
    if (number.trim() === '') local.purchaseNumber = t('VALIDATION.REQUIRED');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    request.mutate(
      { email: email.trim(), purchaseNumber: number.trim() },
      {
        onSuccess: () => toastShown({ tone: 'success', text: t('PURCHASE.FRESH_LINKS_SENT') }),
        onError: (error) => {
          if (error instanceof ApiError)
            setErrors(
              fieldMessages(error, (name) => (name === 'email' || name === 'purchaseNumber' ? name : null)),
            );
          errorOccurred(error);
        },
      },
    );
  };

  const field = (
    name: 'email' | 'purchaseNumber',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="field">
      <label htmlFor={`fresh-links-${name}`} className="field__label">
        {label}
      </label>
      <input
        id={`fresh-links-${name}`}
        className="field__control"
        type={name === 'email' ? 'email' : 'text'}
        autoComplete={name === 'email' ? 'email' : 'off'}
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `fresh-links-${name}-error` : undefined}
        onChange={(event) => set(event.target.value)}
        data-testid={`fresh-links-${name}`}
      />
      {errors[name] && (
        <p className="field__error" id={`fresh-links-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form className="card fresh-links" noValidate onSubmit={submit} aria-labelledby="fresh-links-title">
      <h2 id="fresh-links-title" className="card__title">
        {t(title)}
      </h2>
      <p className="hint">{t('PURCHASE.FRESH_LINKS_TEXT')}</p>
      <div className="fresh-links__fields">
        {field('email', t('PURCHASE.PAYER_EMAIL'), email, setEmail)}
        {field('purchaseNumber', t('PURCHASE.NUMBER'), number, setNumber)}
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={request.isPending}
        data-testid="fresh-links-submit"
      >
        {t('PURCHASE.FRESH_LINKS_SUBMIT')}
      </button>
    </form>
  );
}
