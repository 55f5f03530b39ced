import { Suspense, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/Skeleton';
import { useLocalizedPath } from '../../hooks/use-language';
import { smallScreenQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useSessionUser } from '../../stores/session-store';
import { ROOT_FONT_PX, useAccessibility } from '../../stores/ui-store';
import {
  ACCOUNTING_ITEMS,
  ADMIN_ITEMS,
  DASHBOARD_ITEM,
  MenuIconSvg,
  USER_ITEMS,
  type AccountMenuItem,
} from './account-menu';

const COLLAPSED_KEY = 'lepinguturg.sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function SidebarItem({ item }: { item: AccountMenuItem }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const label = t(item.label);
  if (item.comingSoon) {
    return (
      <li>
        <span
          className="sidebar__item sidebar__item--disabled"
          aria-disabled="true"
          title={`${label} – ${t('ACCOUNT.COMING_SOON')}`}
          data-testid={`sidebar-item-${item.name}`}
        >
          <MenuIconSvg icon={item.icon} />
          <span className="sidebar__label">
            {label} <span className="badge badge--soon">{t('ACCOUNT.COMING_SOON')}</span>
          </span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <NavLink
        to={path(item.name)}
        end={item.name === 'home'}
        className="sidebar__item"
        title={label}
        data-testid={`sidebar-item-${item.name}`}
      >
        <MenuIconSvg icon={item.icon} />
        <span className="sidebar__label">{label}</span>
      </NavLink>
    </li>
  );
}

const PUBLIC_ITEMS: readonly AccountMenuItem[] = [
  { name: 'home', label: 'ACCOUNT.HOME', icon: 'home' },
  { name: 'search', label: 'NAV.SEARCH', icon: 'search' },
];

/**
 * The admin layout (SPEC §2) for everything under /admin and /en/admin: a collapsible sidebar with
 * the user's screens and, for admins only, the admin group; screens not built yet are disabled. On
 * small screens the sidebar is a menu above the page, closed until opened and closed again by
 * opening a page; on wide screens its collapsed state is remembered.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = user?.isAdmin === true;
  const isAuditor = isAdmin || user?.isAccountant === true;
  // The breakpoint follows the accessibility panel's text size (issue 27), as the stylesheet's do.
  const small = useMediaQuery(smallScreenQuery(ROOT_FONT_PX[useAccessibility().fontClass]));
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const adminHeadingId = useId();
  const accountingHeadingId = useId();

  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setMenuOpen(false);
  }

  const expanded = small ? menuOpen : !collapsed;
  const toggle = () => {
    if (small) {
      setMenuOpen(!menuOpen);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // preference lives for this page only
    }
  };

  const layoutClass = small
    ? `admin-layout admin-layout--small${menuOpen ? '' : ' admin-layout--menu-closed'}`
    : `admin-layout${collapsed ? ' admin-layout--collapsed' : ''}`;

  return (
    <div className={layoutClass}>
      <aside className="sidebar" data-testid="admin-sidebar">
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={expanded}
          aria-controls={navId}
          onClick={toggle}
          data-testid="sidebar-toggle"
        >
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={small ? 'M4 7h16M4 12h16M4 17h16' : collapsed ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'} />
          </svg>
          {small ? (
            <span className="sidebar__toggle-text">{t('ACCOUNT.MENU')}</span>
          ) : (
            <span className="visually-hidden">
              {collapsed ? t('ACCOUNT.EXPAND_MENU') : t('ACCOUNT.COLLAPSE_MENU')}
            </span>
          )}
        </button>
        <nav id={navId} className="sidebar__nav" aria-label={t('ACCOUNT.MENU')}>
          <ul className="sidebar__list">
            {PUBLIC_ITEMS.map((item) => (
              <SidebarItem key={item.name} item={item} />
            ))}
            {isAdmin && <SidebarItem item={DASHBOARD_ITEM} />}
            {USER_ITEMS.map((item) => (
              <SidebarItem key={item.name} item={item} />
            ))}
          </ul>
          {isAdmin && (
            <div className="sidebar__group" data-testid="sidebar-admin-group">
              <h2 id={adminHeadingId} className="sidebar__heading">
                <span className="sidebar__label">{t('ACCOUNT.ADMIN')}</span>
              </h2>
              <ul className="sidebar__list" aria-labelledby={adminHeadingId}>
                {ADMIN_ITEMS.map((item) => (
                  <SidebarItem key={item.name} item={item} />
                ))}
              </ul>
            </div>
          )}
          {isAuditor && (
            <div className="sidebar__group" data-testid="sidebar-accounting-group">
              <h2 id={accountingHeadingId} className="sidebar__heading">
                <span className="sidebar__label">{t('ACCOUNT.ACCOUNTING')}</span>
              </h2>
              <ul className="sidebar__list" aria-labelledby={accountingHeadingId}>
                {ACCOUNTING_ITEMS.map((item) => (
                  <SidebarItem key={item.name} item={item} />
                ))}
              </ul>
            </div>
          )}
        </nav>
      </aside>
      <div className="admin-layout__content">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
