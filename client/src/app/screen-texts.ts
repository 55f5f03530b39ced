/**
 * The text areas (i18n/locales/<language>/<area>.json) each lazily loaded screen shows beyond the
 * shell's own, by the name the screen's module exports it under. router.tsx loads them with the
 * screen's code, in parallel and in the current language; a screen renders once both are there. The
 * bundle budget test (test/build/bundle-budget.spec.ts) counts them in the page's first download.
 * Components a screen is given by the router (the basket button) bring their areas along here.
 */
export const SCREEN_TEXT_AREAS = {
  AccessibilityStatementPage: [],
  AdminUsersPage: ['account'],
  CallbackPage: ['account'],
  CartPage: ['basket'],
  ContactsPage: [],
  DocumentPage: ['catalogue', 'basket'],
  LoginPage: ['account'],
  LogoutPage: ['account'],
  MissionVisionPage: [],
  PrivacyPolicyPage: [],
  SearchPage: ['search', 'catalogue', 'basket'],
  TeamPage: [],
  TermsOfUsePage: [],
  UserEditPage: ['account', 'catalogue'],
  UserTermsPage: [],
} as const satisfies Record<string, readonly string[]>;

export type LazyScreenName = keyof typeof SCREEN_TEXT_AREAS;
