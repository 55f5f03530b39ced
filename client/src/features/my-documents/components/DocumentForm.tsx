import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { withElements } from '../../../i18n/elements';
import { fieldMessages } from '../../../api/http';
import { Money } from '../../../components/Money';
import { codeLabel } from '../../../i18n/labels';
import { useUiActions } from '../../../stores/ui-store';
import { useCatalogueOptions } from '../api/get-catalogue-options';
import { usePriceSplit } from '../api/get-price-split';
import type { DocumentDetailsInput } from '../api/types';
import {
  formFieldOfServerField,
  priceOf,
  toDetails,
  validateDocumentForm,
  type DocumentFormField,
  type DocumentFormValues,
} from '../document-form';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}

function Field({ id, label, error, hint, wide, children }: FieldProps) {
  return (
    <div className={`field document-form__field${wide ? ' document-form__field--wide' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} data-testid={`field-error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's field messages (already in the UI language), by form field. */
function serverErrors(error: unknown): Partial<Record<DocumentFormField, string>> {
  return fieldMessages(error, formFieldOfServerField);
}

/** "You earn X per sale": the split comes from the server's fee rules, never computed here. */
function EarningsLine({ price }: { price: number | null }) {
  const { t } = useTranslation();
  const split = usePriceSplit(price !== null && price > 0 ? price : null);
  if (price === 0) return <p className="hint document-form__earnings">{t('UPLOAD.EARNINGS_FREE')}</p>;
  if (!split.data || price === null) return null;
  return (
    <p className="document-form__earnings" aria-live="polite" data-testid="upload-earnings">
      {withElements(t('UPLOAD.EARNINGS'), {
        amount: <Money cents={split.data.uploaderEarnings} testId="upload-earnings-amount" />,
      })}
    </p>
  );
}

interface DocumentFormProps {
  initial: DocumentFormValues;
  submitLabel: string;
  pending: boolean;
  /** Sends the details; rejects with the server's error (field errors are shown at their fields). */
  onSubmit: (details: DocumentDetailsInput) => Promise<unknown>;
}

/** SPEC §2 Upload/Edit document: every field of the document, the paid toggle and the price. */
export function DocumentForm({ initial, submitLabel, pending, onSubmit }: DocumentFormProps) {
  const { t } = useTranslation();
  const options = useCatalogueOptions();
  const { toastShown, errorOccurred } = useUiActions();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<Partial<Record<DocumentFormField, string>>>({});

  const clientErrors = submitted ? validateDocumentForm(values) : {};
  const errorOf = (field: DocumentFormField): string | undefined => {
    const error = clientErrors[field];
    return error ? t(error.key, error.values) : fromServer[field];
  };
  const set = <K extends DocumentFormField>(field: K, value: DocumentFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFromServer(({ [field]: _gone, ...rest }) => rest);
  };
  const control = (field: DocumentFormField) => {
    const error = errorOf(field);
    return {
      id: `document-${field}`,
      name: field,
      className: 'field__control',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `document-${field}-error` : undefined,
      'data-testid': `document-${field}`,
    };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const errors = validateDocumentForm(values);
    const first = Object.keys(errors)[0];
    if (first) {
      toastShown({ tone: 'danger', text: t('VALIDATION.FORM_HAS_ERRORS') });
      event.currentTarget.querySelector<HTMLElement>(`#document-${first}`)?.focus();
      return;
    }
    onSubmit(toDetails(values)).then(
      () => setFromServer({}),
      (error: unknown) => {
        const byField = serverErrors(error);
        setFromServer(byField);
        if (Object.keys(byField).length)
          toastShown({ tone: 'danger', text: t('VALIDATION.FORM_HAS_ERRORS') });
        else errorOccurred(error);
      },
    );
  };

  const choices = (group: 'FIELD_OF_LAW' | 'LANGUAGE' | 'COUNTRY', codes: readonly string[] | undefined) => [
    <option key="" value="">
      {t('UPLOAD.CHOOSE')}
    </option>,
    ...(codes ?? []).map((code) => (
      <option key={code} value={code}>
        {codeLabel(t, group, code)}
      </option>
    )),
  ];

  return (
    <form className="document-form card" onSubmit={submit} noValidate data-testid="document-form">
      <div className="document-form__grid">
        <Field id="document-title" label={t('UPLOAD.TITLE')} error={errorOf('title')} wide>
          <input
            {...control('title')}
            type="text"
            required
            aria-required="true"
            maxLength={200}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>

        <div className="document-form__field document-form__field--wide">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.otherAuthor}
              data-testid="document-otherAuthor"
              onChange={(e) => set('otherAuthor', e.target.checked)}
            />
            <span>{t('UPLOAD.OTHER_AUTHOR')}</span>
          </label>
        </div>
        {values.otherAuthor && (
          <>
            <Field
              id="document-authorFirstName"
              label={t('UPLOAD.AUTHOR_FIRST_NAME')}
              error={errorOf('authorFirstName')}
            >
              <input
                {...control('authorFirstName')}
                type="text"
                maxLength={100}
                value={values.authorFirstName}
                onChange={(e) => set('authorFirstName', e.target.value)}
              />
            </Field>
            <Field
              id="document-authorLastName"
              label={t('UPLOAD.AUTHOR_LAST_NAME')}
              error={errorOf('authorLastName')}
            >
              <input
                {...control('authorLastName')}
                type="text"
                maxLength={100}
                value={values.authorLastName}
                onChange={(e) => set('authorLastName', e.target.value)}
              />
            </Field>
          </>
        )}

        <Field id="document-description" label={t('UPLOAD.DESCRIPTION')} error={errorOf('description')} wide>
          <textarea
            {...control('description')}
            rows={5}
            required
            aria-required="true"
            maxLength={5000}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>

        <Field id="document-language" label={t('UPLOAD.LANGUAGE')} error={errorOf('language')}>
          <select
            {...control('language')}
            required
            aria-required="true"
            value={values.language}
            onChange={(e) => set('language', e.target.value)}
          >
            {choices('LANGUAGE', options.data?.languages)}
          </select>
        </Field>
        <Field id="document-fieldOfLaw" label={t('UPLOAD.FIELD_OF_LAW')} error={errorOf('fieldOfLaw')}>
          <select
            {...control('fieldOfLaw')}
            required
            aria-required="true"
            value={values.fieldOfLaw}
            onChange={(e) => set('fieldOfLaw', e.target.value)}
          >
            {choices('FIELD_OF_LAW', options.data?.fieldsOfLaw)}
          </select>
        </Field>
        <Field
          id="document-applicableLaw"
          label={t('UPLOAD.APPLICABLE_LAW')}
          error={errorOf('applicableLaw')}
        >
          <select
            {...control('applicableLaw')}
            required
            aria-required="true"
            value={values.applicableLaw}
            onChange={(e) => set('applicableLaw', e.target.value)}
          >
            {choices('COUNTRY', options.data?.applicableLaws)}
          </select>
        </Field>
        <Field id="document-year" label={t('UPLOAD.YEAR')} error={errorOf('year')}>
          <input
            {...control('year')}
            type="text"
            inputMode="numeric"
            maxLength={4}
            value={values.year}
            onChange={(e) => set('year', e.target.value)}
          />
        </Field>
        <Field
          id="document-tags"
          label={t('UPLOAD.TAGS')}
          error={errorOf('tags')}
          hint={t('UPLOAD.TAGS_HINT')}
          wide
        >
          <input
            {...control('tags')}
            type="text"
            value={values.tags}
            aria-describedby={errorOf('tags') ? 'document-tags-error' : 'document-tags-hint'}
            onChange={(e) => set('tags', e.target.value)}
          />
        </Field>

        <div className="document-form__field document-form__price document-form__field--wide">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.paid}
              data-testid="document-paid"
              onChange={(e) => set('paid', e.target.checked)}
            />
            <span>{t('UPLOAD.PAID')}</span>
          </label>
          {values.paid && (
            <Field
              id="document-price"
              label={t('UPLOAD.PRICE')}
              error={errorOf('price')}
              hint={t('UPLOAD.PRICE_HINT')}
            >
              <input
                {...control('price')}
                type="text"
                inputMode="decimal"
                value={values.price}
                aria-describedby={errorOf('price') ? 'document-price-error' : 'document-price-hint'}
                onChange={(e) => set('price', e.target.value)}
              />
            </Field>
          )}
          <EarningsLine price={priceOf(values)} />
        </div>
      </div>
      <div className="document-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={pending}
          data-testid="document-save"
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
