import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { MailSettingsCard } from './MailSettingsCard';
import { fieldMessages } from '../../../api/http';
import type { ProductUser, ProfilePublicFlags } from '../../../api/types';
import { Card } from '../../../components/Card';
import { CheckboxField, FormField, formFields } from '../../../components/FormField';
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
  type FormField as FormFieldName,
  type ProfileFormValues,
} from '../profile-form';

type PublicFlag = keyof ProfilePublicFlags;

/** Which server field names (api.md `errors`) belong to which form field. */
function serverErrorsByField(error: unknown): Partial<Record<FormFieldName, string>> {
  return fieldMessages(error, (name) => name.replace(/^profile\./, '') as FormFieldName);
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
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormFieldName, string>>>({});

  const clientErrors = submitted ? validateProfile(values, todayIso()) : {};
  const errorText = (field: FormFieldName): string | undefined => {
    const error: FieldError | undefined = clientErrors[field];
    if (error) return t(error.key, error.values);
    return serverErrors[field];
  };

  const set = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field as FormFieldName]: _removed, ...rest }) => rest);
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

  const field = formFields<FormFieldName>('profile', errorText);

  const textField = (name: 'address' | 'areasOfPractice' | 'organization', label: string) =>
    field(
      name,
      label,
      (props) => (
        <input
          {...props}
          type="text"
          value={values[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      ),
      { aside: publicToggle(name, label) },
    );

  /** A choice of codes (country, language), keeping a code the list no longer holds as the user's own. */
  const codeSelect = (
    name: 'country' | 'language',
    label: string,
    codes: readonly string[],
    group: 'COUNTRY' | 'LANGUAGE',
  ) =>
    field(
      name,
      label,
      (props) => (
        <select {...props} value={values[name]} onChange={(event) => set(name, event.target.value)}>
          <option value="">{t('PROFILE.CHOOSE')}</option>
          {codes.includes(values[name]) || !values[name] ? null : (
            <option value={values[name]}>{codeLabel(t, group, values[name])}</option>
          )}
          {codes.map((code) => (
            <option key={code} value={code}>
              {codeLabel(t, group, code)}
            </option>
          ))}
        </select>
      ),
      { aside: publicToggle(name, label) },
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
    <Card>
      <form className="profile-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
        <div className="profile-form__grid">
          {field(
            'firstName',
            t('PROFILE.FIRST_NAME'),
            (props) => (
              <input
                {...props}
                type="text"
                autoComplete="given-name"
                required
                aria-required="true"
                value={values.firstName}
                onChange={(event) => set('firstName', event.target.value)}
              />
            ),
            { hint: nameHint },
          )}
          {field(
            'lastName',
            t('PROFILE.LAST_NAME'),
            (props) => (
              <input
                {...props}
                type="text"
                autoComplete="family-name"
                required
                aria-required="true"
                value={values.lastName}
                onChange={(event) => set('lastName', event.target.value)}
              />
            ),
            { hint: nameHint },
          )}
          <FormField
            id="profile-email"
            label={t('PROFILE.EMAIL')}
            hint={t('PROFILE.EMAIL_HINT')}
            aside={publicToggle('email', t('PROFILE.EMAIL'))}
          >
            {(tie) => (
              <input
                {...tie}
                className="field__control"
                type="email"
                value={authEmail ?? user.email}
                readOnly
                aria-readonly="true"
                data-testid="profile-email"
              />
            )}
          </FormField>
          {field(
            'dateOfBirth',
            t('PROFILE.DATE_OF_BIRTH'),
            (props) => (
              <input
                {...props}
                type="date"
                max={todayIso()}
                value={values.dateOfBirth}
                onChange={(event) => set('dateOfBirth', event.target.value)}
              />
            ),
            { aside: publicToggle('dateOfBirth', t('PROFILE.DATE_OF_BIRTH')) },
          )}
          {textField('address', t('PROFILE.ADDRESS'))}
          {codeSelect('country', t('PROFILE.COUNTRY'), COUNTRIES, 'COUNTRY')}
          {codeSelect('language', t('PROFILE.LANGUAGE'), PROFILE_LANGUAGES, 'LANGUAGE')}
          {textField('areasOfPractice', t('PROFILE.AREAS_OF_PRACTICE'))}
          {textField('organization', t('PROFILE.ORGANIZATION'))}
          <div className="profile-form__wide">
            {field(
              'additionalInfo',
              t('PROFILE.ADDITIONAL_INFO'),
              (props) => (
                <textarea
                  {...props}
                  rows={5}
                  value={values.additionalInfo}
                  onChange={(event) => set('additionalInfo', event.target.value)}
                />
              ),
              { aside: publicToggle('additionalInfo', t('PROFILE.ADDITIONAL_INFO')) },
            )}
          </div>
        </div>

        <CheckboxField
          id="profile-acceptTerms"
          className="profile-terms"
          label={
            <>
              {user.termsAccepted ? t('PROFILE.TERMS_ACCEPTED') : t('PROFILE.ACCEPT_TERMS')}{' '}
              <Link to={path('userterms')} target="_blank" rel="noopener" data-testid="profile-terms-link">
                {t('PROFILE.TERMS_LINK')}
              </Link>
            </>
          }
          checked={user.termsAccepted || values.acceptTerms}
          disabled={user.termsAccepted}
          onChange={(checked) => set('acceptTerms', checked)}
          error={termsError}
          testId="profile-terms"
        />

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
    </Card>
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
