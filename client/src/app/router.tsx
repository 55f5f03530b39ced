import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { NEUTRAL_ROUTES, ROUTES, type RouteName } from '../config/routes';
import { AddToCartButton } from '@/features/basket/components/AddToCartButton';
import { CartPage } from '@/features/basket/components/CartPage';
import { DocumentPage } from '@/features/documents/components/DocumentPage';
import { ErrorPage, PAGE_NOT_FOUND, type ErrorPageState } from '@/features/errors/components/ErrorPage';
import { HomePage } from '@/features/home/components/HomePage';
import { AboutPage, ContactsPage, TermsPage } from '@/features/pages/components/StaticPages';
import { SearchPage } from '@/features/search/components/SearchPage';
import { i18n, LANGUAGES } from '../i18n';
import { RootLayout } from './layout/RootLayout';

/**
 * The screens that exist, by route name; paths come from the localized route table
 * (config/routes.ts). Names without a screen yet (login, purchase summary, payment) are not
 * registered, so they fall through to the error page.
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
};

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
  const localized: RouteObject[] = [];
  for (const [name, screen] of Object.entries(SCREENS) as [RouteName, () => ReactNode][]) {
    for (const language of LANGUAGES) {
      localized.push({ id: `${name}.${language}`, path: ROUTES[name][language], element: screen() });
    }
  }
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      children: [
        ...localized,
        { id: 'error', path: NEUTRAL_ROUTES.error, element: <ErrorPage /> },
        { id: 'not-found', path: '*', element: <NotFoundRedirect /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
