import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { MailSettingsCard } from './MailSettingsCard';
import { fieldMessages } from '../../../api/http';
import type { ProductUser, ProfilePublicFlags } from '../../../api/types';
import { Spinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { rememberedPath } from '../../../config/routes';
import { useLanguage, useLocalizedPath } from '../../../hooks/use-language';
import { codeLabel } from '../../../i18n/labels';
import { readSession, useAuthEmail, useSessionActions, useSessionUser } from '../../../stores/session-store';
import { useUiActions } from '../../../stores/ui-store';
import { useUpdateUser } from '../api/update-user';
import { SignInSettings } from './SignInSettings';
import {
  COUNTRIES,
  initialValues,
  PROFILE_LANGUAGES,
  signUpClaims,
  todayIso,
  toUpdateBody,
  validateProfile,
  type FieldError,
  type FormField,
  type ProfileFormValues,
} from '../profile-form';

type PublicFlag = keyof ProfilePublicFlags;

interface FieldRowProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  publicToggle?: ReactNode;
  children: ReactNode;
}

function FieldRow({ id, label, error, hint, publicToggle, children }: FieldRowProps) {
  return (
    <div className={`profile-field${error ? ' profile-field--invalid' : ''}`}>
      <div className="profile-field__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {publicToggle}
      </div>
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

/** Which server field names (api.md `errors`) belong to which form field. */
function serverErrorsByField(error: unknown): Partial<Record<FormField, string>> {
  return fieldMessages(error, (name) => name.replace(/^profile\./, '') as FormField);
}

function UserEditForm({ user }: { user: ProductUser }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const language = useLanguage();
  const navigate = useNavigate();
  const { redirectConsumed } = useSessionActions();
  const authEmail = useAuthEmail();
  const { toastShown, errorOccurred, messagesWithTextCleared } = useUiActions();
  const mutation = useUpdateUser();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    initialValues(user, signUpClaims(readSession().idToken)),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormField, string>>>({});

  const clientErrors = submitted ? validateProfile(values, todayIso()) : {};
  const errorText = (field: FormField): string | undefined => {
    const error: FieldError | undefined = clientErrors[field];
    if (error) return t(error.key, error.values);
    return serverErrors[field];
  };

  const set = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field as FormField]: _removed, ...rest }) => rest);
  };
  const setPublic = (flag: PublicFlag, value: boolean) =>
    setValues((current) => ({ ...current, public: { ...current.public, [flag]: value } }));

  const publicToggle = (flag: PublicFlag, fieldLabel: string) => (
    <label className="public-toggle">
      <input
        type="checkbox"
        checked={values.public[flag]}
        onChange={(event) => setPublic(flag, event.target.checked)}
        aria-label={t('PROFILE.PUBLIC_LABEL', { field: fieldLabel })}
        data-testid={`profile-public-${flag}`}
      />
      <span aria-hidden="true">{t('PROFILE.PUBLIC')}</span>
    </label>
  );

  const controlProps = (field: FormField) => {
    const error = errorText(field);
    return {
      id: `profile-${field}`,
      name: field,
      className: 'field__control',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `profile-${field}-error` : undefined,
      'data-testid': `profile-${field}`,
    };
  };

  const textField = (field: 'address' | 'areasOfPractice' | 'organization', label: string) => (
    <FieldRow
      id={`profile-${field}`}
      label={label}
      error={errorText(field)}
      publicToggle={publicToggle(field, label)}
    >
      <input
        {...controlProps(field)}
        type="text"
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </FieldRow>
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const errors = validateProfile(values, todayIso());
    const firstInvalid = Object.keys(errors)[0];
    if (firstInvalid) {
      toastShown({ tone: 'danger', text: t('VALIDATION.FORM_HAS_ERRORS') });
      event.currentTarget.querySelector<HTMLElement>(`#profile-${firstInvalid}`)?.focus();
      return;
    }
    mutation.mutate(toUpdateBody(values, user.termsAccepted), {
      onSuccess: (saved) => {
        // Saved, but the terms are still to accept (SPEC §5 "terms not accepted"): say so at the box and
        // take focus there, rather than leave a new user wondering why every page sends them back here.
        setServerErrors(saved.termsAccepted ? {} : { acceptTerms: t('ERROR.USER_TERMS_NOT_ACCEPTED') });
        if (!saved.termsAccepted) document.getElementById('profile-acceptTerms')?.focus();
        // The guard's "terms not accepted" notice is answered now; it must not linger.
        const nowComplete = saved.termsAccepted && !saved.requiredDataMissing;
        if (nowComplete) messagesWithTextCleared(t('ERROR.USER_TERMS_NOT_ACCEPTED'));
        toastShown({ tone: 'success', text: t('PROFILE.SAVED') });
        // Sent here to accept the terms on the way somewhere: go on there (SPEC §2 remembered page).
        const { redirectPage } = readSession();
        if (nowComplete && redirectPage) {
          redirectConsumed();
          void navigate(rememberedPath(redirectPage, language), { replace: true });
        }
      },
      onError: (error) => {
        const byField = serverErrorsByField(error);
        setServerErrors(byField);
        if (Object.keys(byField).length)
          toastShown({ tone: 'danger', text: t('VALIDATION.FORM_HAS_ERRORS') });
        else errorOccurred(error);
      },
    });
  };

  const nameHint = t('PROFILE.NAMES_ALWAYS_PUBLIC');
  const termsError = errorText('acceptTerms');

  return (
    <form className="profile-form card" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <div className="profile-form__grid">
        <FieldRow
          id="profile-firstName"
          label={t('PROFILE.FIRST_NAME')}
          error={errorText('firstName')}
          hint={nameHint}
        >
          <input
            {...controlProps('firstName')}
            type="text"
            autoComplete="given-name"
            required
            aria-required="true"
            value={values.firstName}
            onChange={(event) => set('firstName', event.target.value)}
          />
        </FieldRow>
        <FieldRow
          id="profile-lastName"
          label={t('PROFILE.LAST_NAME')}
          error={errorText('lastName')}
          hint={nameHint}
        >
          <input
            {...controlProps('lastName')}
            type="text"
            autoComplete="family-name"
            required
            aria-required="true"
            value={values.lastName}
            onChange={(event) => set('lastName', event.target.value)}
          />
        </FieldRow>
        <FieldRow
          id="profile-email"
          label={t('PROFILE.EMAIL')}
          hint={t('PROFILE.EMAIL_HINT')}
          publicToggle={publicToggle('email', t('PROFILE.EMAIL'))}
        >
          <input
            id="profile-email"
            className="field__control"
            type="email"
            value={authEmail ?? user.email}
            readOnly
            aria-readonly="true"
            data-testid="profile-email"
          />
        </FieldRow>
        <FieldRow
          id="profile-dateOfBirth"
          label={t('PROFILE.DATE_OF_BIRTH')}
          error={errorText('dateOfBirth')}
          publicToggle={publicToggle('dateOfBirth', t('PROFILE.DATE_OF_BIRTH'))}
        >
          <input
            {...controlProps('dateOfBirth')}
            type="date"
            max={todayIso()}
            value={values.dateOfBirth}
            onChange={(event) => set('dateOfBirth', event.target.value)}
          />
        </FieldRow>
        {textField('address', t('PROFILE.ADDRESS'))}
        <FieldRow
          id="profile-country"
          label={t('PROFILE.COUNTRY')}
          error={errorText('country')}
          publicToggle={publicToggle('country', t('PROFILE.COUNTRY'))}
        >
          <select
            {...controlProps('country')}
            value={values.country}
            onChange={(event) => set('country', event.target.value)}
          >
            <option value="">{t('PROFILE.CHOOSE')}</option>
            {(COUNTRIES as readonly string[]).includes(values.country) || !values.country ? null : (
              <option value={values.country}>{codeLabel(t, 'COUNTRY', values.country)}</option>
            )}
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {codeLabel(t, 'COUNTRY', code)}
              </option>
            ))}
          </select>
        </FieldRow>
        <FieldRow
          id="profile-language"
          label={t('PROFILE.LANGUAGE')}
          error={errorText('language')}
          publicToggle={publicToggle('language', t('PROFILE.LANGUAGE'))}
        >
          <select
            {...controlProps('language')}
            value={values.language}
            onChange={(event) => set('language', event.target.value)}
          >
            <option value="">{t('PROFILE.CHOOSE')}</option>
            {(PROFILE_LANGUAGES as readonly string[]).includes(values.language) || !values.language ? null : (
              <option value={values.language}>{codeLabel(t, 'LANGUAGE', values.language)}</option>
            )}
            {PROFILE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {codeLabel(t, 'LANGUAGE', code)}
              </option>
            ))}
          </select>
        </FieldRow>
        {textField('areasOfPractice', t('PROFILE.AREAS_OF_PRACTICE'))}
        {textField('organization', t('PROFILE.ORGANIZATION'))}
        <div className="profile-form__wide">
          <FieldRow
            id="profile-additionalInfo"
            label={t('PROFILE.ADDITIONAL_INFO')}
            error={errorText('additionalInfo')}
            publicToggle={publicToggle('additionalInfo', t('PROFILE.ADDITIONAL_INFO'))}
          >
            <textarea
              {...controlProps('additionalInfo')}
              rows={5}
              value={values.additionalInfo}
              onChange={(event) => set('additionalInfo', event.target.value)}
            />
          </FieldRow>
        </div>
      </div>

      <div className={`profile-terms${termsError ? ' profile-field--invalid' : ''}`}>
        <label className="checkbox">
          <input
            id="profile-acceptTerms"
            type="checkbox"
            checked={user.termsAccepted || values.acceptTerms}
            disabled={user.termsAccepted}
            onChange={(event) => set('acceptTerms', event.target.checked)}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'profile-acceptTerms-error' : undefined}
            data-testid="profile-terms"
          />
          <span>
            {user.termsAccepted ? t('PROFILE.TERMS_ACCEPTED') : t('PROFILE.ACCEPT_TERMS')}{' '}
            <Link to={path('userterms')} target="_blank" rel="noopener" data-testid="profile-terms-link">
              {t('PROFILE.TERMS_LINK')}
            </Link>
          </span>
        </label>
        {termsError && (
          <p
            className="field__error"
            id="profile-acceptTerms-error"
            data-testid="field-error-profile-acceptTerms"
          >
            {termsError}
          </p>
        )}
      </div>

      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={mutation.isPending}
          data-testid="profile-save"
        >
          {t('PROFILE.SAVE')}
        </button>
        {mutation.isPending && <Spinner />}
      </div>
    </form>
  );
}

/** My data (route useredit): the profile with public toggles and the user terms (SPEC §2). */
export function UserEditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ACCOUNT.MY_DATA'));
  const user = useSessionUser();
  return (
    <div className="page profile-page">
      <h1 className="page__title">{t('ACCOUNT.MY_DATA')}</h1>
      {user?.requiredDataMissing && (
        <p className="notice notice--warning" role="status" data-testid="profile-required-notice">
          {t('PROFILE.REQUIRED_DATA_MISSING')}
        </p>
      )}
      {user ? <UserEditForm key={user.id} user={user} /> : <Spinner />}
      {user?.termsAccepted && <MailSettingsCard />}
      {user && <SignInSettings />}
    </div>
  );
}
