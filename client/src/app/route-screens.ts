import { PUBLIC_PAGES, type ROUTES } from '../config/route-table';
import type { LazyScreenName } from './screen-texts';

/** A route's name (config/routes.ts RouteName; this table is read by the build tools, without i18n). */
type RouteName = keyof typeof ROUTES;

/**
 * The lazily loaded screen each route shows (router.tsx renders it; route-screens.test.tsx keeps the two
 * in step). The build reads this table to write, for every localized path, the files its screen loads
 * (client/build-tools/route-preloads.ts), and the server names them in the page's HTML, so a first visit
 * downloads the screen beside the shell instead of after it. The home page is part of the shell.
 */
export const ROUTE_SCREENS = {
  search: 'SearchPage',
  searchUploader: 'SearchPage',
  document: 'DocumentPage',
  cart: 'CartPage',
  contacts: 'ContactsPage',
  team: 'TeamPage',
  mission: 'MissionVisionPage',
  vision: 'MissionVisionPage',
  termsofuse: 'TermsOfUsePage',
  privacypolicy: 'PrivacyPolicyPage',
  accessibility: 'AccessibilityStatementPage',
  userterms: 'UserTermsPage',
  login: 'LoginPage',
  purchaseSummary: 'PurchaseSummaryPage',
  paymentReturn: 'PaymentReturnPage',
  paymentCancel: 'PaymentCancelPage',
  useredit: 'UserEditPage',
  userfiles: 'MyDocumentsPage',
  upload: 'UploadPage',
  adminusers: 'AdminUsersPage',
  userpurchases: 'MyPurchasesPage',
  adminpurchases: 'AdminPurchasesPage',
  adminpurchase: 'AdminPurchasePage',
  admininvoices: 'AdminInvoicesPage',
  usersales: 'MySalesPage',
  userpayout: 'PayoutRequestPage',
  userpayouts: 'MyPayoutsPage',
  dashboard: 'DashboardPage',
  adminpayouts: 'AdminPayoutsPage',
  adminpayoutedit: 'PayoutEditPage',
  adminpayoutbatches: 'PayoutBatchesPage',
  adminpayoutbatch: 'PayoutBatchPage',
  accountingjournal: 'JournalPage',
  accountingreport: 'ReportPage',
  accountingvat: 'VatReturnsPage',
  adminreports: 'ReportsPage',
} as const satisfies Partial<Record<RouteName, LazyScreenName>>;

/** The lazily loaded screens of the public pages (config/route-table.ts PUBLIC_PAGES), which the server renders. */
export const PUBLIC_PAGE_SCREENS: readonly LazyScreenName[] = [
  ...new Set(
    PUBLIC_PAGES.flatMap((name) =>
      name in ROUTE_SCREENS ? [ROUTE_SCREENS[name as keyof typeof ROUTE_SCREENS]] : [],
    ),
  ),
];
