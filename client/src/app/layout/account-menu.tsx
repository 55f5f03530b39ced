import type { RouteName } from '../../config/routes';

export type MenuIcon =
  | 'home'
  | 'search'
  | 'dashboard'
  | 'user'
  | 'documents'
  | 'sales'
  | 'payouts'
  | 'invoices'
  | 'users'
  | 'purchases'
  | 'journal'
  | 'report'
  | 'reports';

export interface AccountMenuItem {
  name: RouteName;
  label: string;
  icon: MenuIcon;
  /** A screen another issue will build: shown disabled, marked 'Coming soon', never a link. */
  comingSoon?: boolean;
}

/** The signed-in user's own screens (SPEC §2 admin layout, in its order). */
export const USER_ITEMS: readonly AccountMenuItem[] = [
  { name: 'useredit', label: 'ACCOUNT.MY_DATA', icon: 'user' },
  { name: 'userfiles', label: 'ACCOUNT.MY_DOCUMENTS', icon: 'documents' },
  { name: 'usersales', label: 'ACCOUNT.MY_SALES', icon: 'sales' },
  { name: 'userpayouts', label: 'ACCOUNT.MY_PAYOUTS', icon: 'payouts' },
  { name: 'userpurchases', label: 'ACCOUNT.MY_PURCHASES', icon: 'purchases' },
];

/** Admin only (SPEC §6): the dashboard and the admin group. */
export const DASHBOARD_ITEM: AccountMenuItem = {
  name: 'dashboard',
  label: 'ACCOUNT.DASHBOARD',
  icon: 'dashboard',
};

export const ADMIN_ITEMS: readonly AccountMenuItem[] = [
  { name: 'admininvoices', label: 'ACCOUNT.INVOICES', icon: 'invoices' },
  { name: 'adminusers', label: 'ACCOUNT.USERS', icon: 'users' },
  { name: 'adminpurchases', label: 'ACCOUNT.PURCHASES', icon: 'purchases' },
  { name: 'adminpayouts', label: 'ACCOUNT.PAYOUTS', icon: 'payouts' },
  { name: 'adminreports', label: 'ACCOUNT.REPORTS', icon: 'reports' },
];

/** Accountants and admins: the read-only money audit. */
export const ACCOUNTING_ITEMS: readonly AccountMenuItem[] = [
  { name: 'accountingjournal', label: 'ACCOUNT.JOURNAL', icon: 'journal' },
  { name: 'accountingreport', label: 'ACCOUNT.RECONCILIATION', icon: 'report' },
  { name: 'accountingvat', label: 'ACCOUNT.VAT_RETURNS', icon: 'report' },
];

const ICON_PATHS: Record<MenuIcon, string> = {
  home: 'M4 11l8-7 8 7v8a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z',
  search: 'M11 4.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM16 16l4.5 4.5',
  dashboard: 'M4 4h7v8H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 14h7v6H4z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0',
  documents: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM14 3v5h5M9 13h6M9 17h6',
  sales: 'M4 19h16M6 16v-5M11 16V7M16 16v-8',
  payouts: 'M3 7h18v11H3zM3 11h18M7 15h3',
  invoices: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6.5 6.5 0 0 1 3.5 6',
  purchases: 'M4 5h2l2 11h10l2-8H7M10 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM17 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  journal: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  report: 'M5 4h14v16H5zM8 15l3-3 2 2 3-4',
  reports: 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4M12 8v4l3 2',
};

export function MenuIconSvg({ icon }: { icon: MenuIcon }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICON_PATHS[icon]} />
    </svg>
  );
}
