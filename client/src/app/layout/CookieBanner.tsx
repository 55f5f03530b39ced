import { useTranslation } from '../../i18n';
import { useClientConfig } from '@/features/auth/api/get-client-config';
import { useConsentActions, useCookiesAccepted } from '../../stores/consent-store';

export { COOKIE_CONSENT_COOKIE } from '../../stores/consent-store';

/**
 * The cookie banner with OK (SPEC §2). With the tag manager switched on it also asks for the
 * statistics cookies, which load only after OK (app/layout/TagManager.tsx).
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const accepted = useCookiesAccepted();
  const { cookiesAccepted } = useConsentActions();
  const { data: config } = useClientConfig();
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={t('COOKIES.LABEL')} data-testid="cookie-banner">
      <p>{t(config?.tagManagerEnabled ? 'COOKIES.TEXT_WITH_STATISTICS' : 'COOKIES.TEXT')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={cookiesAccepted}
        data-testid="cookie-ok"
      >
        {t('COOKIES.OK')}
      </button>
    </section>
  );
}
