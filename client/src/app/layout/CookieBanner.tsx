import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_SECONDS, readCookie, writeCookie } from '../../utils/cookies';

export const COOKIE_CONSENT_COOKIE = 'lepinguturg.cookiesAccepted';

export function CookieBanner() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_CONSENT_COOKIE) === '1');
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={t('COOKIES.LABEL')} data-testid="cookie-banner">
      <p>{t('COOKIES.TEXT')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          writeCookie(COOKIE_CONSENT_COOKIE, '1', 365 * DAY_SECONDS);
          setAccepted(true);
        }}
        data-testid="cookie-ok"
      >
        {t('COOKIES.OK')}
      </button>
    </section>
  );
}
