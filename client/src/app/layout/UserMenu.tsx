import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '@/components/Link';
import { NEUTRAL_ROUTES, routeToRemember } from '../../config/routes';
import { useLocalizedPath } from '../../hooks/use-language';
import { useAuthEmail, useSessionActions, useSessionUser } from '../../stores/session-store';
import {
  ACCOUNTING_ITEMS,
  ADMIN_ITEMS,
  DASHBOARD_ITEM,
  USER_ITEMS,
  type AccountMenuItem,
} from './account-menu';

/** 'Sign in': remembers the current route with its query (SPEC §2; error and unknown pages mean home) and goes to login. */
export function SignInButton() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { redirectRemembered } = useSessionActions();
  return (
    <button
      type="button"
      className="button button--primary button--small"
      onClick={() => {
        redirectRemembered(routeToRemember(pathname, search));
        void navigate(path('login'));
      }}
      data-testid="signin-button"
    >
      {t('AUTH.SIGN_IN')}
    </button>
  );
}

const ITEM_SELECTOR = '[role="menuitem"]';

/**
 * The signed-in user's name as a menu button (WAI-ARIA menu button pattern): arrow keys move
 * between items, Escape closes and returns focus to the button, a click outside closes.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const user = useSessionUser();
  const authEmail = useAuthEmail();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState<'first' | 'last'>('first');
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A navigation closes the menu.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return undefined;
    const items = menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR);
    (focusFirst === 'first' ? items?.[0] : items?.[items.length - 1])?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, focusFirst]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusFirst(event.key === 'ArrowDown' ? 'first' : 'last');
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  };

  const name = user?.fullName.trim() || authEmail || t('ACCOUNT.ACCOUNT');
  const items: AccountMenuItem[] = [
    ...USER_ITEMS,
    ...(user?.isAdmin ? [DASHBOARD_ITEM, ...ADMIN_ITEMS] : []),
    ...(user?.isAdmin || user?.isAccountant ? ACCOUNTING_ITEMS : []),
  ];

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setFocusFirst('first');
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        data-testid="user-menu-button"
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0" />
        </svg>
        <span className="user-menu__name" data-testid="user-menu-name">
          {name}
        </span>
        <svg className="icon user-menu__caret" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M7 10l5 5 5-5" />
        </svg>
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          className="user-menu__list"
          role="menu"
          aria-label={name}
          onKeyDown={onMenuKeyDown}
          data-testid="user-menu"
        >
          {items.map((item, index) => (
            <li
              key={item.name}
              role="none"
              className={index === USER_ITEMS.length ? 'user-menu__separator' : undefined}
            >
              {item.comingSoon ? (
                <span
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled="true"
                  className="user-menu__item user-menu__item--disabled"
                  data-testid={`user-menu-item-${item.name}`}
                >
                  {t(item.label)}
                  <span className="badge badge--soon">{t('ACCOUNT.COMING_SOON')}</span>
                </span>
              ) : (
                <Link
                  role="menuitem"
                  tabIndex={-1}
                  to={path(item.name)}
                  className="user-menu__item"
                  onClick={() => close(false)}
                  data-testid={`user-menu-item-${item.name}`}
                >
                  {t(item.label)}
                </Link>
              )}
            </li>
          ))}
          <li role="none" className="user-menu__separator">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={NEUTRAL_ROUTES.logout}
              className="user-menu__item"
              onClick={() => close(false)}
              data-testid="user-menu-signout"
            >
              {t('AUTH.SIGN_OUT')}
            </Link>
          </li>
          <li role="none">
            <Link
              role="menuitem"
              tabIndex={-1}
              to={`${NEUTRAL_ROUTES.logout}?everywhere=1`}
              className="user-menu__item"
              onClick={() => close(false)}
              data-testid="user-menu-signout-everywhere"
            >
              {t('AUTH.SIGN_OUT_EVERYWHERE')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
