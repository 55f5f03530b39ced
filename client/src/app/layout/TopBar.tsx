import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n';
import { NavLink, useLocation } from 'react-router';
import { Link } from '@/components/Link';
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
      <span className="visually-hidden"> – {t('APP.HOME_LINK')}</span>
    </span>
  );
}

/**
 * The public layout's top bar (SPEC §2), mobile first: one row with the logo, the basket and a menu
 * button on small screens, the menu (search, upload, language, accessibility, sign-in or the user
 * menu) opening below it; on wide screens everything in one row and no menu button.
 */
export function TopBar() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const authenticated = useAuthenticated();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Opening a page closes the menu.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setMenuOpen(false);
  }

  const closeMenu = () => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  };

  return (
    <header className="topbar">
      <a href="#main" className="skip-link">
        {t('NAV.SKIP_TO_CONTENT')}
      </a>
      <div
        className="topbar__inner"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen && !event.defaultPrevented) closeMenu();
        }}
      >
        <Link to={path('home')} className="topbar__logo" data-testid="logo-link">
          <Logo />
        </Link>
        <div
          id={menuId}
          className={`topbar__menu${menuOpen ? ' topbar__menu--open' : ''}`}
          data-testid="topbar-menu"
        >
          <nav className="topbar__nav" aria-label={t('NAV.MAIN')}>
            <NavLink to={path('search')} className="topbar__link" data-testid="nav-search">
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="11" cy="11" r="6.5" />
                <path d="M16 16l4.5 4.5" />
              </svg>
              {t('NAV.SEARCH')}
            </NavLink>
            <NavLink to={path('upload')} className="topbar__link" data-testid="nav-upload">
              <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3" />
              </svg>
              {t('NAV.UPLOAD')}
            </NavLink>
          </nav>
          <div className="topbar__tools">
            <LanguageSelect />
            <AccessibilityToggle />
            {authenticated ? <UserMenu /> : <SignInButton />}
          </div>
        </div>
        <BasketLink />
        <button
          ref={menuButtonRef}
          type="button"
          className="topbar__menu-button icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-button"
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
          <span className="visually-hidden">{t('NAV.MENU')}</span>
        </button>
      </div>
      <AccessibilityPanel />
    </header>
  );
}
