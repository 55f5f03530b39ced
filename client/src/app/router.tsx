import { Component, createElement, type ErrorInfo, type ReactNode, useMemo, useState } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import {
  ADMIN_ROOT,
  localizedPath,
  matchRoute,
  mayMatchPath,
  NEUTRAL_ROUTES,
  ROUTES,
  type RouteName,
} from '../config/routes';
import { AddToCartButton } from '@/features/basket/components/AddToCartButton';
import { ErrorPage, PAGE_NOT_FOUND, type ErrorPageState } from '@/features/errors/components/ErrorPage';
// The landing page is part of the shell's chunk: most visits start there, and it is tiny.
import { HomePage } from '@/features/home/components/HomePage';
// The document page's Edit, seen only by its uploader: small, and needed with the page.
import { OwnerEditLink } from '@/features/my-documents/components/OwnerEditLink';
import { LANGUAGES, loadTextAreas, useTranslation } from '../i18n';
import { AdminLayout } from './layout/AdminLayout';
import { RootLayout } from './layout/RootLayout';
import { RouteGuard } from './RouteGuard';
import { ROUTE_SCREENS } from './route-screens';
import { type LazyScreenName, SCREEN_TEXT_AREAS } from './screen-texts';

/** Every lazily loaded screen by its name (route-screens.test.tsx checks the routes show what ROUTE_SCREENS says). */
export const LAZY_SCREENS = new Map<LazyScreenName, unknown>();

/** Each lazily loaded screen's download (its chunk and its texts), started once. */
const SCREEN_LOADS = new Map<LazyScreenName, () => Promise<void>>();

/**
 * A screen loaded when its route is first opened (its own chunk of the build), together with the
 * texts it shows (screen-texts.ts), so the first page downloads only the shell and itself. Until it has
 * arrived the screen suspends and the layouts show a skeleton (React.Suspense); once it has (or was
 * preloaded, preloadScreen), it renders at once, without a skeleton in between.
 */
function lazyScreen<Props extends object, Name extends LazyScreenName>(
  load: () => Promise<{ [Key in Name]: (props: Props) => ReactNode }>,
  name: Name,
): (props: Props) => ReactNode {
  let loaded: ((props: Props) => ReactNode) | null = null;
  let loading: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  const loadScreen = () =>
    (loading ??= Promise.all([load(), loadTextAreas(SCREEN_TEXT_AREAS[name])]).then(
      ([module]) => {
        loaded = module[name];
      },
      (error: unknown) => {
        // The route's error boundary shows it; the next visit to the route tries again.
        loading = null;
        failure = { error };
      },
    ));
  function LazyScreen(props: Props): ReactNode {
    if (loaded) return createElement(loaded, props);
    if (failure) {
      const { error } = failure;
      failure = null;
      throw error;
    }
    // React.Suspense waits for the download and renders again.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown promise is how a component suspends
    throw loadScreen();
  }
  LAZY_SCREENS.set(name, LazyScreen);
  SCREEN_LOADS.set(name, loadScreen);
  return LazyScreen;
}

/**
 * Downloads the screen a path shows, if it is a lazily loaded one, so the app's first render shows the
 * page itself: the page the server rendered, which hydration must find as it is, or on a page rendered in
 * the browser the screen instead of a skeleton that it then replaces (the server names the same files in
 * the page's HTML, so they are on their way already). Resolves either way: a failed download is the
 * screen's error to show when it renders.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const name = matchRoute(pathname)?.name;
  const screen = name && (ROUTE_SCREENS as Partial<Record<RouteName, LazyScreenName>>)[name];
  if (screen) await SCREEN_LOADS.get(screen)?.();
}

/** Loads every lazily loaded screen: the server renders any page at once, without waiting for one. */
export async function loadEveryScreen(): Promise<void> {
  await Promise.all([...SCREEN_LOADS.values()].map((load) => load()));
}

const AdminUsersPage = lazyScreen(
  () => import('@/features/admin-users/components/AdminUsersPage'),
  'AdminUsersPage',
);
const CallbackPage = lazyScreen(() => import('@/features/auth/components/CallbackPage'), 'CallbackPage');
const LoginPage = lazyScreen(() => import('@/features/auth/components/LoginPage'), 'LoginPage');
const LogoutPage = lazyScreen(() => import('@/features/auth/components/LogoutPage'), 'LogoutPage');
const CartPage = lazyScreen(() => import('@/features/basket/components/CartPage'), 'CartPage');
const DocumentPage = lazyScreen(() => import('@/features/documents/components/DocumentPage'), 'DocumentPage');
const staticPages = () => import('@/features/pages/components/StaticPages');
const AccessibilityStatementPage = lazyScreen(staticPages, 'AccessibilityStatementPage');
const ContactsPage = lazyScreen(staticPages, 'ContactsPage');
const MissionVisionPage = lazyScreen(staticPages, 'MissionVisionPage');
const PrivacyPolicyPage = lazyScreen(staticPages, 'PrivacyPolicyPage');
const TeamPage = lazyScreen(staticPages, 'TeamPage');
const TermsOfUsePage = lazyScreen(staticPages, 'TermsOfUsePage');
const UserTermsPage = lazyScreen(staticPages, 'UserTermsPage');
const MyDocumentsPage = lazyScreen(
  () => import('@/features/my-documents/components/MyDocumentsPage'),
  'MyDocumentsPage',
);
const UploadPage = lazyScreen(() => import('@/features/my-documents/components/UploadPage'), 'UploadPage');
const SearchPage = lazyScreen(() => import('@/features/search/components/SearchPage'), 'SearchPage');
const UserEditPage = lazyScreen(() => import('@/features/users/components/UserEditPage'), 'UserEditPage');
const purchasePages = () => import('@/features/purchases/components/purchase-pages');
const PurchaseSummaryPage = lazyScreen(purchasePages, 'PurchaseSummaryPage');
const PaymentReturnPage = lazyScreen(purchasePages, 'PaymentReturnPage');
const PaymentCancelPage = lazyScreen(purchasePages, 'PaymentCancelPage');
const MyPurchasesPage = lazyScreen(purchasePages, 'MyPurchasesPage');
const adminPurchasePages = () => import('@/features/admin-purchases/components/admin-purchase-pages');
const AdminPurchasesPage = lazyScreen(adminPurchasePages, 'AdminPurchasesPage');
const AdminPurchasePage = lazyScreen(adminPurchasePages, 'AdminPurchasePage');
const AdminInvoicesPage = lazyScreen(adminPurchasePages, 'AdminInvoicesPage');
const MySalesPage = lazyScreen(() => import('@/features/sales/components/MySalesPage'), 'MySalesPage');
const PayoutRequestPage = lazyScreen(
  () => import('@/features/sales/components/PayoutRequestPage'),
  'PayoutRequestPage',
);
const MyPayoutsPage = lazyScreen(() => import('@/features/sales/components/MyPayoutsPage'), 'MyPayoutsPage');
const DashboardPage = lazyScreen(
  () => import('@/features/dashboard/components/DashboardPage'),
  'DashboardPage',
);
const AdminPayoutsPage = lazyScreen(
  () => import('@/features/admin-payouts/components/AdminPayoutsPage'),
  'AdminPayoutsPage',
);
const PayoutEditPage = lazyScreen(
  () => import('@/features/admin-payouts/components/PayoutEditPage'),
  'PayoutEditPage',
);
const payoutBatchPages = () => import('@/features/admin-payouts/components/PayoutBatchesPage');
const PayoutBatchesPage = lazyScreen(payoutBatchPages, 'PayoutBatchesPage');
const PayoutBatchPage = lazyScreen(payoutBatchPages, 'PayoutBatchPage');
const JournalPage = lazyScreen(() => import('@/features/accounting/components/JournalPage'), 'JournalPage');
const ReportPage = lazyScreen(() => import('@/features/accounting/components/ReportPage'), 'ReportPage');
const VatReturnsPage = lazyScreen(
  () => import('@/features/accounting/components/VatReturnsPage'),
  'VatReturnsPage',
);
const ReportsPage = lazyScreen(
  () => import('@/features/admin-reports/components/ReportsPage'),
  'ReportsPage',
);

/**
 * The public screens that exist, by route name; paths come from the localized route table
 * (config/routes.ts). Names without a screen are not registered, so they fall through to the error page.
 */
export const SCREENS: Partial<Record<RouteName, () => ReactNode>> = {
  home: () => <HomePage />,
  // Search shows its own Edit on the signed-in uploader's results.
  search: () => <SearchPage renderDocumentActions={(document) => <AddToCartButton document={document} />} />,
  searchUploader: () => (
    <SearchPage renderDocumentActions={(document) => <AddToCartButton document={document} />} />
  ),
  document: () => (
    <DocumentPage
      renderAddToCart={(document) => <AddToCartButton document={document} size="large" />}
      renderOwnerActions={(document) => <OwnerEditLink document={document} size="large" />}
    />
  ),
  cart: () => <CartPage />,
  contacts: () => <ContactsPage />,
  team: () => <TeamPage />,
  mission: () => <MissionVisionPage />,
  vision: () => <MissionVisionPage />,
  termsofuse: () => <TermsOfUsePage />,
  privacypolicy: () => <PrivacyPolicyPage />,
  accessibility: () => <AccessibilityStatementPage />,
  userterms: () => <UserTermsPage />,
  login: () => <LoginPage />,
  purchaseSummary: () => <PurchaseSummaryPage />,
  paymentReturn: () => <PaymentReturnPage />,
  paymentCancel: () => <PaymentCancelPage />,
};

/**
 * The screens of the signed-in and admin area, inside the admin layout. The other admin names
 * (dashboard, my sales, …) are in the route table and the sidebar (disabled, 'coming soon'),
 * but have no screen yet.
 */
export const ADMIN_SCREENS: Partial<Record<RouteName, () => ReactNode>> = {
  useredit: () => <UserEditPage />,
  userfiles: () => <MyDocumentsPage />,
  upload: () => <UploadPage />,
  adminusers: () => <AdminUsersPage />,
  userpurchases: () => <MyPurchasesPage />,
  adminpurchases: () => <AdminPurchasesPage />,
  adminpurchase: () => <AdminPurchasePage />,
  admininvoices: () => <AdminInvoicesPage />,
  usersales: () => <MySalesPage />,
  userpayout: () => <PayoutRequestPage />,
  userpayouts: () => <MyPayoutsPage />,
  dashboard: () => <DashboardPage />,
  adminpayouts: () => <AdminPayoutsPage />,
  adminpayoutedit: () => <PayoutEditPage />,
  adminpayoutbatches: () => <PayoutBatchesPage />,
  adminpayoutbatch: () => <PayoutBatchPage />,
  accountingjournal: () => <JournalPage />,
  accountingreport: () => <ReportPage />,
  accountingvat: () => <VatReturnsPage />,
  adminreports: () => <ReportsPage />,
};

function localizedRoutes(screens: Partial<Record<RouteName, () => ReactNode>>): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const [name, screen] of Object.entries(screens) as [RouteName, () => ReactNode][]) {
    for (const language of LANGUAGES) {
      routes.push({ id: `${name}.${language}`, path: ROUTES[name][language], element: screen() });
    }
  }
  return routes;
}

function NotFoundRedirect() {
  const state: ErrorPageState = { message: PAGE_NOT_FOUND };
  return <Navigate to={NEUTRAL_ROUTES.error} replace state={state} />;
}

/** What a screen that failed to render shows instead, with the way home. */
function ScreenError() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow error-page" role="alert">
      <h1 className="page__title">{t('ERROR.SOMETHING_WENT_WRONG')}</h1>
      <a href="/" className="button button--primary">
        {t('ERROR.BACK_HOME')}
      </a>
    </div>
  );
}

interface BoundaryProps {
  readonly pathname: string;
  readonly children: ReactNode;
}

interface BoundaryState {
  /** The path the boundary last rendered for. */
  readonly pathname: string;
  readonly failed: boolean;
}

/**
 * Catches an error thrown while rendering a screen (or its failed download) and shows ScreenError
 * until the location's path changes: another page is a fresh start after a failed one.
 */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

/** The error boundary around every route, told the current path. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary pathname={pathname}>{children}</ScreenErrorBoundary>;
}

export function createRoutes(): RouteObject[] {
  return [
    {
      // SPEC §4's route guard sees every location first.
      element: (
        <RouteErrorBoundary>
          <RouteGuard />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: <RootLayout />,
          children: [
            ...localizedRoutes(SCREENS),
            {
              element: <AdminLayout />,
              children: [
                ...localizedRoutes(ADMIN_SCREENS),
                // The bare admin path opens My data (SPEC §2).
                ...LANGUAGES.map((language) => ({
                  id: `admin.${language}`,
                  path: ADMIN_ROOT[language],
                  element: <Navigate to={localizedPath('useredit', language)} replace />,
                })),
              ],
            },
            { id: 'callback', path: NEUTRAL_ROUTES.callback, element: <CallbackPage /> },
            { id: 'logout', path: NEUTRAL_ROUTES.logout, element: <LogoutPage /> },
            { id: 'error', path: NEUTRAL_ROUTES.error, element: <ErrorPage /> },
            { id: 'not-found', path: '*', element: <NotFoundRedirect /> },
          ],
        },
      ],
    },
  ];
}

/**
 * The app's screens at the current location, inside React Router's BrowserRouter (the app),
 * StaticRouter (the server's render) or MemoryRouter (tests). React Router's declarative mode: the app loads its data
 * with React Query, so the data router's loaders, actions and fetchers were 15 KB (gzipped) of unused
 * code in every first visit, and creating it took a share of the first render.
 */
export function AppRoutes() {
  const [routes] = useState(createRoutes);
  const { pathname } = useLocation();
  const candidates = useMemo(() => routesThatMayMatch(routes, pathname), [routes, pathname]);
  return useRoutes(candidates);
}

/**
 * The route tree without the routes that cannot match the path (mayMatchPath): react-router ranks and
 * tries every route of the tree it is given on each new location, about a tenth of the first render
 * with the whole table. The routes that remain are the same objects (their parents are copies), so the
 * match is the one the whole tree gives.
 */
export function routesThatMayMatch(routes: RouteObject[], pathname: string): RouteObject[] {
  return routes
    .filter((route) => route.path === undefined || mayMatchPath(route.path, pathname))
    .map((route) =>
      route.children ? { ...route, children: routesThatMayMatch(route.children, pathname) } : route,
    );
}
