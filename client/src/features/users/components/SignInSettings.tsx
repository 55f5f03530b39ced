import { useState, type FormEvent } from 'react';
import { fieldMessages } from '../../../api/http';
import { Card } from '../../../components/Card';
import { FormField, TextField } from '../../../components/FormField';
import { DataTable } from '../../../components/DataTable';
import { FormattedDate } from '../../../components/FormattedDate';
import { Spinner } from '../../../components/Spinner';
import { useLanguage } from '../../../hooks/use-language';
import { useTranslation } from '../../../i18n';
import { useUiActions } from '../../../stores/ui-store';
import {
  type AccountSettings,
  useAccountSettings,
  useConfirmPhoneChange,
  useForgetDevice,
  useRemovePhone,
  useRequestPhoneChange,
} from '../api/account-settings';

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  test: 'Test IdP',
};

/** The phone number: shown with its state, changed with the country-code selector and an SMS code. */
function PhoneNumber({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const { toastShown, errorOccurred } = useUiActions();
  const request = useRequestPhoneChange();
  const confirm = useConfirmPhoneChange();
  const remove = useRemovePhone();
  const [countryCode, setCountryCode] = useState(settings.callingCodes[0]?.code ?? '');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ phoneNumber?: string; code?: string }>({});
  const regions = new Intl.DisplayNames([useLanguage()], { type: 'region' });

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!number.trim()) {
      setErrors({ phoneNumber: t('VALIDATION.REQUIRED') });
      return;
    }
    request.mutate(
      { countryCode, phoneNumber: number },
      {
        onSuccess: ({ destination }) => {
          setErrors({});
          setSentTo(destination);
          setCode('');
        },
        onError: (error) => {
          const byField = fieldMessages(error, (name) => (name === 'phoneNumber' ? 'phoneNumber' : null));
          if (byField.phoneNumber) setErrors(byField);
          else errorOccurred(error);
        },
      },
    );
  };

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: t('VALIDATION.REQUIRED') });
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        setErrors({});
        setSentTo(null);
        setNumber('');
        toastShown({ tone: 'success', text: t('SIGN_IN_SETTINGS.PHONE_VERIFIED') });
      },
      onError: (error) => {
        const byField = fieldMessages(error, (name) => (name === 'code' ? 'code' : null));
        if (byField.code) setErrors(byField);
        else errorOccurred(error);
      },
    });
  };

  return (
    <div className="sign-in-settings__part" data-testid="phone-settings">
      <h3>{t('SIGN_IN_SETTINGS.PHONE')}</h3>
      {settings.phoneNumber ? (
        <p data-testid="phone-current">
          <span>{settings.phoneNumber}</span>
          <span className={settings.phoneNumberVerified ? 'badge' : 'badge badge--processing'}>
            {settings.phoneNumberVerified
              ? t('SIGN_IN_SETTINGS.VERIFIED')
              : t('SIGN_IN_SETTINGS.NOT_VERIFIED')}
          </span>
          {settings.smsMfaEnabled && <span className="hint"> {t('SIGN_IN_SETTINGS.SMS_MFA_ON')}</span>}
        </p>
      ) : (
        <p className="hint">{t('SIGN_IN_SETTINGS.NO_PHONE')}</p>
      )}
      <form className="sign-in-settings__phone" onSubmit={send} noValidate>
        <FormField id="phone-country" label={t('SIGN_IN_SETTINGS.COUNTRY_CODE')}>
          {(tie) => (
            <select
              {...tie}
              className="field__control"
              value={countryCode}
              onChange={(event) => setCountryCode(event.target.value)}
              data-testid="phone-country"
            >
              {settings.callingCodes.map(({ country, code: calling }) => (
                <option key={country} value={calling}>
                  {`${regions.of(country) ?? country} ${calling}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          id="phone-number"
          label={settings.phoneNumber ? t('SIGN_IN_SETTINGS.NEW_PHONE') : t('SIGN_IN_SETTINGS.PHONE')}
          error={errors.phoneNumber}
          type="tel"
          autoComplete="tel-national"
          value={number}
          onChange={setNumber}
          data-testid="phone-number"
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={request.isPending}
          data-testid="phone-send-code"
        >
          {t('SIGN_IN_SETTINGS.SEND_CODE')}
        </button>
      </form>
      {(sentTo ?? settings.pendingPhoneNumber) && (
        <form className="sign-in-settings__phone" onSubmit={verify} noValidate>
          <p className="hint" role="status" data-testid="phone-code-sent">
            {t('SIGN_IN_SETTINGS.CODE_SENT', { destination: sentTo ?? settings.pendingPhoneNumber })}
          </p>
          <TextField
            id="phone-code"
            label={t('SIGN_IN_SETTINGS.CODE')}
            error={errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            data-testid="phone-code"
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={confirm.isPending}
            data-testid="phone-confirm"
          >
            {t('SIGN_IN_SETTINGS.CONFIRM')}
          </button>
        </form>
      )}
      {settings.phoneNumber && (
        <button
          type="button"
          className="button button--secondary"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => toastShown({ tone: 'success', text: t('SIGN_IN_SETTINGS.PHONE_REMOVED') }),
              onError: (error) => errorOccurred(error),
            })
          }
          data-testid="phone-remove"
        >
          {t('SIGN_IN_SETTINGS.REMOVE_PHONE')}
        </button>
      )}
    </div>
  );
}

/** The browsers that skip the second factor, each forgotten with one button. */
function RememberedDevices({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const { toastShown, errorOccurred } = useUiActions();
  const forget = useForgetDevice();
  return (
    <div className="sign-in-settings__part" data-testid="device-settings">
      <h3 id="remembered-devices">{t('SIGN_IN_SETTINGS.DEVICES')}</h3>
      <p className="hint">{t('SIGN_IN_SETTINGS.DEVICES_HINT')}</p>
      {settings.devices.length === 0 ? (
        <p data-testid="devices-empty">{t('SIGN_IN_SETTINGS.NO_DEVICES')}</p>
      ) : (
        <DataTable caption={t('SIGN_IN_SETTINGS.DEVICES')} testId="devices" card={false}>
          <thead>
            <tr>
              <th scope="col">{t('SIGN_IN_SETTINGS.DEVICE')}</th>
              <th scope="col">{t('SIGN_IN_SETTINGS.REMEMBERED')}</th>
              <th scope="col">{t('SIGN_IN_SETTINGS.LAST_USED')}</th>
              <th scope="col">{t('SIGN_IN_SETTINGS.UNTIL')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('SIGN_IN_SETTINGS.FORGET')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.devices.map((device) => (
              <tr key={device.id} data-testid="device-row">
                <td>{device.name}</td>
                <td>
                  <FormattedDate value={device.createdAt} />
                </td>
                <td>
                  <FormattedDate value={device.lastUsedAt} />
                </td>
                <td>
                  <FormattedDate value={device.expiresAt} />
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('SIGN_IN_SETTINGS.FORGET_NAMED', { name: device.name })}
                    disabled={forget.isPending}
                    onClick={() =>
                      forget.mutate(device.id, {
                        onSuccess: () =>
                          toastShown({ tone: 'success', text: t('SIGN_IN_SETTINGS.DEVICE_FORGOTTEN') }),
                        onError: (error) => errorOccurred(error),
                      })
                    }
                    data-testid="device-forget"
                  >
                    {t('SIGN_IN_SETTINGS.FORGET')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}

/**
 * My data's sign-in settings kept at the identity provider (docs/api.md /api/user/account): the phone
 * number verified by SMS, linked social sign-ins and remembered devices. Not shown when an external
 * provider keeps them.
 */
export function SignInSettings() {
  const { t } = useTranslation();
  const { data: settings, isPending } = useAccountSettings();
  if (isPending) return <Spinner />;
  if (!settings) return null;
  return (
    <Card className="sign-in-settings" title={t('SIGN_IN_SETTINGS.TITLE')} testId="sign-in-settings">
      <PhoneNumber settings={settings} />
      {settings.linkedProviders.length > 0 && (
        <div className="sign-in-settings__part">
          <h3>{t('SIGN_IN_SETTINGS.LINKED')}</h3>
          <ul data-testid="linked-providers">
            {settings.linkedProviders.map((provider) => (
              <li key={provider}>{PROVIDER_NAMES[provider] ?? provider}</li>
            ))}
          </ul>
        </div>
      )}
      <RememberedDevices settings={settings} />
    </Card>
  );
}
