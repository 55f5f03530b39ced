import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { withElements } from '../../../i18n/elements';
import { fieldMessages } from '../../../api/http';
import { Card } from '../../../components/Card';
import { CheckboxField, formFields } from '../../../components/FormField';
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

/** A field across both columns of the form. */
const WIDE = 'document-form__field--wide';

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
  /** A labelled field of the form: its control gets the id, name and test id, and the ties to hint and error. */
  const field = formFields<DocumentFormField>('document', errorOf);
  const select = (name: 'language' | 'fieldOfLaw' | 'applicableLaw', label: string, options: ReactNode) =>
    field(name, label, (props) => (
      <select
        {...props}
        required
        aria-required="true"
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      >
        {options}
      </select>
    ));

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
    <Card>
      <form className="document-form" onSubmit={submit} noValidate data-testid="document-form">
        <div className="document-form__grid">
          {field(
            'title',
            t('UPLOAD.TITLE'),
            (props) => (
              <input
                {...props}
                type="text"
                required
                aria-required="true"
                maxLength={200}
                value={values.title}
                onChange={(e) => set('title', e.target.value)}
              />
            ),
            { className: WIDE },
          )}

          <CheckboxField
            id="document-otherAuthor"
            className="document-form__field document-form__field--wide"
            label={t('UPLOAD.OTHER_AUTHOR')}
            checked={values.otherAuthor}
            onChange={(checked) => set('otherAuthor', checked)}
            testId="document-otherAuthor"
          />
          {values.otherAuthor && (
            <>
              {field('authorFirstName', t('UPLOAD.AUTHOR_FIRST_NAME'), (props) => (
                <input
                  {...props}
                  type="text"
                  maxLength={100}
                  value={values.authorFirstName}
                  onChange={(e) => set('authorFirstName', e.target.value)}
                />
              ))}
              {field('authorLastName', t('UPLOAD.AUTHOR_LAST_NAME'), (props) => (
                <input
                  {...props}
                  type="text"
                  maxLength={100}
                  value={values.authorLastName}
                  onChange={(e) => set('authorLastName', e.target.value)}
                />
              ))}
            </>
          )}

          {field(
            'description',
            t('UPLOAD.DESCRIPTION'),
            (props) => (
              <textarea
                {...props}
                rows={5}
                required
                aria-required="true"
                maxLength={5000}
                value={values.description}
                onChange={(e) => set('description', e.target.value)}
              />
            ),
            { className: WIDE },
          )}

          {select('language', t('UPLOAD.LANGUAGE'), choices('LANGUAGE', options.data?.languages))}
          {select('fieldOfLaw', t('UPLOAD.FIELD_OF_LAW'), choices('FIELD_OF_LAW', options.data?.fieldsOfLaw))}
          {select(
            'applicableLaw',
            t('UPLOAD.APPLICABLE_LAW'),
            choices('COUNTRY', options.data?.applicableLaws),
          )}
          {field('year', t('UPLOAD.YEAR'), (props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              maxLength={4}
              value={values.year}
              onChange={(e) => set('year', e.target.value)}
            />
          ))}
          {field(
            'tags',
            t('UPLOAD.TAGS'),
            (props) => (
              <input
                {...props}
                type="text"
                value={values.tags}
                onChange={(e) => set('tags', e.target.value)}
              />
            ),
            { hint: t('UPLOAD.TAGS_HINT'), className: WIDE },
          )}

          <div className="document-form__field document-form__price document-form__field--wide">
            <CheckboxField
              id="document-paid"
              label={t('UPLOAD.PAID')}
              checked={values.paid}
              onChange={(checked) => set('paid', checked)}
              testId="document-paid"
            />
            {values.paid &&
              field(
                'price',
                t('UPLOAD.PRICE'),
                (props) => (
                  <input
                    {...props}
                    type="text"
                    inputMode="decimal"
                    value={values.price}
                    onChange={(e) => set('price', e.target.value)}
                  />
                ),
                { hint: t('UPLOAD.PRICE_HINT') },
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
    </Card>
  );
}
