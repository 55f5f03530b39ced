/**
 * The localized route table of SPEC §2: one name, an Estonian path at the root and an English path
 * under /en. Menus and links build paths from names only (localizedPath); app/router.tsx registers
 * the screens that exist for these names.
 *
 * Plain data with no imports: the build also writes its path patterns to client-routes.json, from
 * which the server tells a page it knows (200) from an unknown path (404) before the client runs.
 */
export const ROUTES = {
  home: { et: '/', en: '/en' },
  contacts: { et: '/kontaktid', en: '/en/contacts' },
  team: { et: '/tiim', en: '/en/team' },
  mission: { et: '/missioon', en: '/en/mission', hash: 'mission' },
  vision: { et: '/visioon', en: '/en/vision', hash: 'vision' },
  // The search brings a person back to the result they left itself (SearchPage), not the browser.
  search: { et: '/otsing/:keyWord?', en: '/en/search/:keyWord?', restoresItsPlace: true },
  // The search route's {uploaderId} variant (SPEC §2): a segment of its own, so otsing/{keyWord} keeps any word.
  searchUploader: {
    et: '/otsing/uleslaadija/:uploaderId',
    en: '/en/search/uploader/:uploaderId',
    restoresItsPlace: true,
  },
  document: { et: '/dokument/:slug', en: '/en/document/:slug' },
  login: { et: '/login', en: '/en/login' },
  cart: { et: '/ostukorv', en: '/en/cart' },
  purchaseSummary: { et: '/ostu-kokkuvote/:id', en: '/en/purchase-summary/:id' },
  termsofuse: { et: '/kasutustingimused', en: '/en/termsofuse' },
  privacypolicy: { et: '/privaatustingimused', en: '/en/termsofprivacy' },
  // Not in SPEC §2's table, but among its static pages (docs/decisions/).
  accessibility: { et: '/ligipaasetavus', en: '/en/accessibility' },
  userterms: { et: '/kasutajatingimused', en: '/en/userterms' },
  paymentReturn: { et: '/maksekeskus/tagasi/:id', en: '/en/paymentcenter/return/:id' },
  paymentCancel: { et: '/maksekeskus/katkesta', en: '/en/paymentcenter/cancel' },
  // Signed-in and admin area (SPEC §2): the same path in both languages, English under /en.
  useredit: { et: '/admin/user/edit', en: '/en/admin/user/edit', login: true },
  dashboard: { et: '/admin/user/dashboard', en: '/en/admin/user/dashboard', login: true },
  userfiles: { et: '/admin/user/files', en: '/en/admin/user/files', login: true },
  upload: { et: '/admin/user/upload/:id?', en: '/en/admin/user/upload/:id?', login: true },
  userpayouts: { et: '/admin/user/payouts', en: '/en/admin/user/payouts', login: true },
  userpayout: { et: '/admin/user/payout', en: '/en/admin/user/payout', login: true },
  usersales: { et: '/admin/user/sales', en: '/en/admin/user/sales', login: true },
  // SPEC §2 lists My purchases without a route; this is ours (docs/decisions/).
  userpurchases: { et: '/admin/user/purchases', en: '/en/admin/user/purchases', login: true },
  adminusers: { et: '/admin/users', en: '/en/admin/users', login: true },
  admininvoices: { et: '/admin/invoices', en: '/en/admin/invoices', login: true },
  adminpurchases: { et: '/admin/purchases', en: '/en/admin/purchases', login: true },
  adminpurchase: { et: '/admin/purchases/:id', en: '/en/admin/purchases/:id', login: true },
  adminpayouts: { et: '/admin/payouts', en: '/en/admin/payouts', login: true },
  adminpayoutedit: { et: '/admin/payouts/edit/:id?', en: '/en/admin/payouts/edit/:id?', login: true },
  // The payout files handed to the bank (not in SPEC §2; docs/decisions/payout-files.md).
  adminpayoutbatches: { et: '/admin/payouts/files', en: '/en/admin/payouts/files', login: true },
  adminpayoutbatch: { et: '/admin/payouts/files/:id', en: '/en/admin/payouts/files/:id', login: true },
  // The accountant's audit and the admin Reports page (not in SPEC §2; docs/decisions/money-screens-and-the-reports-page.md).
  accountingjournal: { et: '/admin/accounting/journal', en: '/en/admin/accounting/journal', login: true },
  accountingreport: { et: '/admin/accounting/report', en: '/en/admin/accounting/report', login: true },
  accountingvat: { et: '/admin/accounting/vat', en: '/en/admin/accounting/vat', login: true },
  adminreports: { et: '/admin/reports', en: '/en/admin/reports', login: true },
} as const satisfies Record<string, RouteDefinition>;

/**
 * A localized route; `login` marks the routes that need a signed-in user (SPEC §4 guard rule 2), and
 * `restoresItsPlace` a screen that brings a person back to their place itself on Back (the browser's
 * own scroll restoration is off for its history entries: it would restore a position, not the place).
 */
export interface RouteDefinition {
  et: string;
  en: string;
  hash?: string;
  login?: boolean;
  restoresItsPlace?: boolean;
}

/**
 * The public pages: rendered on the server for everybody (docs/decisions/), listed in the sitemap, and
 * the only pages a search engine is asked to index. The basket, sign-in, purchases and payments are
 * public routes too, but nobody's to find: they say noindex, as the signed-in and admin area does.
 */
export const PUBLIC_PAGES = [
  'home',
  'search',
  'searchUploader',
  'document',
  'contacts',
  'team',
  'mission',
  'vision',
  'termsofuse',
  'privacypolicy',
  'accessibility',
  'userterms',
] as const satisfies readonly (keyof typeof ROUTES)[];

/** The bare admin path, which redirects to user edit (SPEC §2). */
export const ADMIN_ROOT = { et: '/admin', en: '/en/admin' } as const;

/** Routes that look the same in every language (SPEC §2). */
export const NEUTRAL_ROUTES = { callback: '/callback', logout: '/logout', error: '/error' } as const;

/** Every path pattern the client app answers, in react-router syntax (for the server's 200 / 404). */
export function clientPathPatterns(): string[] {
  const localized = [...Object.values(ROUTES), ADMIN_ROOT].flatMap((route) => [route.et, route.en]);
  return [...localized, ...Object.values(NEUTRAL_ROUTES)];
}
