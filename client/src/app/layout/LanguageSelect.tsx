import { useLocation, useNavigate } from 'react-router';
import { languageSwitchTarget } from '../../config/routes';
import { useLanguage } from '../../hooks/use-language';
import { i18n, isLanguage, LANGUAGES, rememberLanguage, useTranslation } from '../../i18n';
import { useSessionActions } from '../../stores/session-store';

/**
 * Eesti / English: the same page in the other language, keeping query and hash. It takes the place of
 * the page in the history: Back leads to the page before, not to the same page in the language just left
 * (which the route guard would send straight back to the remembered language).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { uiLanguageChanged } = useSessionActions();

  const onChange = (value: string) => {
    if (!isLanguage(value) || value === language) return;
    const { protocol, hostname, port } = window.location;
    const target = languageSwitchTarget({ protocol, hostname, port, ...location }, value);
    if (!target) {
      console.warn(`No route to switch language for ${location.pathname}`);
      return;
    }
    rememberLanguage(value);
    uiLanguageChanged(value);
    if (target.kind === 'url') {
      window.location.replace(target.href);
      return;
    }
    void i18n.changeLanguage(value);
    void navigate(target.to, { replace: true, state: location.state as unknown });
  };

  return (
    <div className="language-select">
      <label htmlFor="language-select" className="language-select__label">
        {t('NAV.LANGUAGE')}
      </label>
      <span className="language-select__field">
        <svg className="icon language-select__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        <select
          id="language-select"
          className="language-select__control"
          value={language}
          onChange={(event) => onChange(event.target.value)}
          data-testid="language-select"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`LANGUAGE_NAME.${code}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
