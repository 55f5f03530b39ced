import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { ADMIN_ROOT, localizedPath, NEUTRAL_ROUTES, ROUTES, type RouteName } from '../config/routes';
import { AdminInvoicesPage } from '@/features/admin-purchases/components/AdminInvoicesPage';
import { AdminPurchasePage } from '@/features/admin-purchases/components/AdminPurchasePage';
import { AdminPurchasesPage } from '@/features/admin-purchases/components/AdminPurchasesPage';
import { AdminUsersPage } from '@/features/admin-users/components/AdminUsersPage';
import { CallbackPage } from '@/features/auth/components/CallbackPage';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { LogoutPage } from '@/features/auth/components/LogoutPage';
import { AddToCartButton } from '@/features/basket/components/AddToCartButton';
import { CartPage } from '@/features/basket/components/CartPage';
import { DocumentPage } from '@/features/documents/components/DocumentPage';
import { ErrorPage, PAGE_NOT_FOUND, type ErrorPageState } from '@/features/errors/components/ErrorPage';
import { HomePage } from '@/features/home/components/HomePage';
import { AboutPage, ContactsPage, TermsPage } from '@/features/pages/components/StaticPages';
import { MyPurchasesPage } from '@/features/purchases/components/MyPurchasesPage';
import { PaymentCancelPage } from '@/features/purchases/components/PaymentCancelPage';
import { PaymentReturnPage } from '@/features/purchases/components/PaymentReturnPage';
import { PurchaseSummaryPage } from '@/features/purchases/components/PurchaseSummaryPage';
import { SearchPage } from '@/features/search/components/SearchPage';
import { UserEditPage } from '@/features/users/components/UserEditPage';
import { i18n, LANGUAGES } from '../i18n';
import { AdminLayout } from './layout/AdminLayout';
import { RootLayout } from './layout/RootLayout';
import { RouteGuard } from './RouteGuard';

/**
 * The public screens that exist, by route name; paths come from the localized route table
 * (config/routes.ts). Names without a screen are not registered, so they fall through to the error page.
 */
const SCREENS: Partial<Record<RouteName, () => ReactNode>> = {
  home: () => <HomePage />,
  search: () => <SearchPage renderDocumentActions={(document) => <AddToCartButton document={document} />} />,
  document: () => (
    <DocumentPage renderAddToCart={(document) => <AddToCartButton document={document} size="large" />} />
  ),
  cart: () => <CartPage />,
  contacts: () => <ContactsPage />,
  team: () => <AboutPage />,
  mission: () => <AboutPage />,
  vision: () => <AboutPage />,
  termsofuse: () => <TermsPage kind="TERMS" />,
  privacypolicy: () => <TermsPage kind="PRIVACY" />,
  login: () => <LoginPage />,
  purchaseSummary: () => <PurchaseSummaryPage />,
  paymentReturn: () => <PaymentReturnPage />,
  paymentCancel: () => <PaymentCancelPage />,
};

/**
 * The screens of the signed-in and admin area, inside the admin layout. The other admin names
 * (dashboard, my documents, …) are in the route table and the sidebar (disabled, 'coming soon'),
 * but have no screen yet.
 */
const ADMIN_SCREENS: Partial<Record<RouteName, () => ReactNode>> = {
  useredit: () => <UserEditPage />,
  adminusers: () => <AdminUsersPage />,
  userpurchases: () => <MyPurchasesPage />,
  adminpurchases: () => <AdminPurchasesPage />,
  adminpurchase: () => <AdminPurchasePage />,
  admininvoices: () => <AdminInvoicesPage />,
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

function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page page--narrow error-page" role="alert">
      <h1 className="page__title">{i18n.t('ERROR.SOMETHING_WENT_WRONG')}</h1>
      <a href="/" className="button button--primary">
        {i18n.t('ERROR.BACK_HOME')}
      </a>
    </div>
  );
}

export function createRoutes(): RouteObject[] {
  return [
    {
      // SPEC §4's route guard sees every location first.
      element: <RouteGuard />,
      errorElement: <RouteErrorBoundary />,
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

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
