/**
 * The text areas (i18n/locales/<language>/<area>.json) each lazily loaded screen shows beyond the
 * shell's own, by the name the screen's module exports it under. router.tsx loads them with the
 * screen's code, in parallel and in the current language; a screen renders once both are there. The
 * bundle budget test (test/build/bundle-budget.spec.ts) counts them in the page's first download.
 * Components a screen is given by the router (the basket button) bring their areas along here.
 */
export const SCREEN_TEXT_AREAS = {
  AccessibilityStatementPage: [],
  AdminInvoicesPage: ['buying', 'basket'],
  AdminPayoutsPage: ['money'],
  AdminPurchasePage: ['buying', 'basket'],
  AdminPurchasesPage: ['buying', 'basket'],
  AdminUsersPage: ['money'],
  CallbackPage: [],
  CartPage: ['basket', 'buying', 'catalogue'],
  ContactsPage: [],
  DashboardPage: ['money'],
  DocumentPage: ['catalogue', 'documents', 'basket'],
  JournalPage: ['money'],
  LoginPage: [],
  LogoutPage: [],
  MissionVisionPage: [],
  MyDocumentsPage: ['documents'],
  MyPayoutsPage: ['money'],
  MyPurchasesPage: ['buying', 'basket'],
  MySalesPage: ['money'],
  PaymentCancelPage: ['buying', 'basket'],
  PaymentReturnPage: ['buying', 'basket'],
  PayoutBatchPage: ['money'],
  PayoutBatchesPage: ['money'],
  PayoutEditPage: ['money'],
  PayoutRequestPage: ['money'],
  PrivacyPolicyPage: [],
  PurchaseSummaryPage: ['buying', 'basket'],
  ReportPage: ['money'],
  ReportsPage: ['money'],
  VatReturnsPage: ['money'],
  SearchPage: ['search', 'catalogue', 'basket'],
  TeamPage: [],
  TermsOfUsePage: [],
  UploadPage: ['documents', 'catalogue'],
  UserEditPage: ['catalogue'],
  UserTermsPage: [],
} as const satisfies Record<string, readonly string[]>;

export type LazyScreenName = keyof typeof SCREEN_TEXT_AREAS;
