import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { ApiError, fieldMessages } from '../../../api/http';
import { useTranslation } from '../../../i18n';
import { useLocalizedPath } from '../../../hooks/use-language';
import { useAuthEmail, useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useFreeCheckout } from '../api/free-checkout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Field = 'email' | 'termsAccepted';

/** The page with the files: the server's address made the app's own (the key stays in the fragment). */
function appPath(url: string): string {
  const { pathname, search, hash } = new URL(url, window.location.origin);
  return `${pathname}${search}${hash}`;
}

interface FreeCheckoutFormProps {
  /** The basket that holds the free documents, or (with `documentId`) a new one for them. */
  basketId: () => string;
  /** One free document, added to the new basket first (the document page). */
  documentId?: string;
  submitLabel: string;
  /** Focus the e-mail field when the form appears (it was opened by the visitor). */
  autoFocus?: boolean;
  testId: string;
}

/**
 * Free documents in one step (docs/decisions/free-templates-in-one-step.md): the e-mail the links go to and
 * the terms of use, then the page with the files; no payment method, and no word of paying. A signed-in
 * buyer's e-mail is filled in.
 */
export function FreeCheckoutForm({
  basketId,
  documentId,
  submitLabel,
  autoFocus,
  testId,
}: FreeCheckoutFormProps) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const id = useId();
  const user = useSessionUser();
  const authEmail = useAuthEmail();
  const { errorOccurred } = useUiActions();
  const get = useFreeCheckout();
  const [email, setEmail] = useState(user?.email ?? authEmail ?? '');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // Opened by the visitor's own click: they go on in its first field.
  useEffect(() => {
    if (autoFocus) emailRef.current?.focus();
  }, [autoFocus]);

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['email', 'termsAccepted'] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (get.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (email.trim() === '') found.email = t('BASKET.GET_FREE_EMAIL_REQUIRED');
    else if (!EMAIL.test(email.trim())) found.email = t('BASKET.GET_FREE_EMAIL_INVALID');
    if (!terms) found.termsAccepted = t('BASKET.GET_FREE_TERMS_REQUIRED');
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    get.mutate(
      { basketId: basketId(), documentId, body: { email: email.trim(), termsAccepted: true } },
      {
        onSuccess: (answer) => void navigate(appPath(answer.summaryUrl)),
        onError: (error) => {
          const messages = fieldMessages(error, (name) =>
            name === 'email' || name === 'termsAccepted' ? name : null,
          );
          if (error instanceof ApiError && Object.keys(messages).length > 0) showErrors(messages);
          else errorOccurred(error);
        },
      },
    );
  };

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form ref={formRef} className="free-checkout" onSubmit={submit} noValidate data-testid={testId}>
      <div className="field">
        <label htmlFor={`${id}-email`} className="field__label">
          {t('BASKET.GET_FREE_EMAIL')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          className="field__control"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          ref={emailRef}
          data-testid="free-checkout-email"
        />
        {errors.email && (
          <p className="field__error" id={`${id}-email-error`}>
            {errors.email}
          </p>
        )}
      </div>
      <div className="checkbox">
        <input
          id={`${id}-termsAccepted`}
          type="checkbox"
          checked={terms}
          onChange={(event) => setTerms(event.target.checked)}
          aria-invalid={errors.termsAccepted ? true : undefined}
          aria-describedby={describedBy('termsAccepted')}
          data-testid="free-checkout-terms"
        />
        <label htmlFor={`${id}-termsAccepted`}>{t('BASKET.GET_FREE_TERMS')}</label>
      </div>
      <Link to={path('termsofuse')} target="_blank" rel="noopener" className="free-checkout__terms">
        {t('BASKET.GET_FREE_TERMS_LINK')}
      </Link>
      {errors.termsAccepted && (
        <p className="field__error" id={`${id}-termsAccepted-error`}>
          {errors.termsAccepted}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--large"
        aria-disabled={get.isPending || undefined}
        aria-busy={get.isPending || undefined}
        data-testid="free-checkout-submit"
      >
        {submitLabel}
      </button>
      <p className="hint">{t('BASKET.GET_FREE_NOTE')}</p>
    </form>
  );
}

/**
 * "Get it free" on a free document's page: opens the short form (focus on its e-mail field); the document
 * goes into a basket of its own, so the visitor's basket is left as it is.
 */
export function GetItFree({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const basketId = useRef<string | null>(null);
  const formId = useId();
  return (
    <div className="get-free">
      {!open && (
        <button
          type="button"
          className="button button--primary button--large"
          aria-expanded={false}
          aria-controls={formId}
          onClick={() => setOpen(true)}
          data-testid="get-free"
        >
          {t('BASKET.GET_FREE')}
        </button>
      )}
      {open && (
        <div id={formId}>
          <FreeCheckoutForm
            basketId={() => (basketId.current ??= crypto.randomUUID())}
            documentId={documentId}
            submitLabel={t('BASKET.GET_FREE')}
            autoFocus
            testId="get-free-form"
          />
        </div>
      )}
    </div>
  );
}
