import type { RouteName } from '../config/routes';
import type { Language } from '../i18n';
import type { LazyScreenName } from './screen-texts';

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

/**
 * The screens whose pages have a script of their own, by the module that exports the screen: the
 * public pages most visits start on, beside the home page (part of the shell). The build makes one entry
 * per screen and language that imports the shell, the screen and its texts and starts the app with them
 * (client/build-tools/page-entries.ts), and the server names it in those pages' HTML instead of
 * index.html's script, so the page renders in the task that runs the scripts, without a download between.
 */
export const PAGE_ENTRY_SCREENS = {
  SearchPage: 'src/features/search/components/SearchPage.tsx',
  DocumentPage: 'src/features/documents/components/DocumentPage.tsx',
} as const satisfies Partial<Record<LazyScreenName, string>>;

export type PageEntryScreen = keyof typeof PAGE_ENTRY_SCREENS;

/** The build's name for a page's own entry (its chunk's name). */
export const pageEntryName = (screen: PageEntryScreen, language: Language) => `page-${screen}-${language}`;
