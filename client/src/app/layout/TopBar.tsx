import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BasketLink } from '@/features/basket/components/BasketLink';
import { useLocalizedPath } from '../../hooks/use-language';
import { useAuthenticated } from '../../stores/session-store';
import { AccessibilityPanel, AccessibilityToggle } from './AccessibilityPanel';
import { LanguageSelect } from './LanguageSelect';
import { SignInButton, UserMenu } from './UserMenu';

export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" />
        <path className="logo__page" d="M10 7h9l5 5v12a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" />
        <path className="logo__lines" d="M11.5 16h9M11.5 20h6" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{t('APP.NAME')}</span>
        <span className="logo__tagline">{t('APP.TAGLINE')}</span>
      </span>
    </span>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const authenticated = useAuthenticated();
  return (
    <header className="topbar">
      <a href="#main" className="skip-link">
        {t('NAV.SKIP_TO_CONTENT')}
      </a>
      <div className="topbar__inner">
        <Link to={path('home')} className="topbar__logo" aria-label={t('APP.HOME_LINK')}>
          <Logo />
        </Link>
        <nav className="topbar__nav" aria-label={t('NAV.MAIN')}>
          <NavLink to={path('search')} className="topbar__link" data-testid="nav-search">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="6.5" />
              <path d="M16 16l4.5 4.5" />
            </svg>
            {t('NAV.SEARCH')}
          </NavLink>
          <NavLink to={path('upload')} end className="topbar__link" data-testid="nav-upload">
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 16V5M7.5 9.5 12 5l4.5 4.5M5 19h14" />
            </svg>
            {t('NAV.UPLOAD')}
          </NavLink>
        </nav>
        <div className="topbar__tools">
          <BasketLink />
          <LanguageSelect />
          <AccessibilityToggle />
          {authenticated ? <UserMenu /> : <SignInButton />}
        </div>
      </div>
      <AccessibilityPanel />
    </header>
  );
}
