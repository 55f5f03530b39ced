import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/http';
import { type PageContext, PageContextProvider } from '../api/page-context';
import { type Language, LanguageProvider } from '../i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The page the server renders (its request); the browser's own page when absent. */
  page?: PageContext;
  /** The language the server renders the page in; the browser follows i18next's. */
  language?: Language;
}

export function AppProvider({ children, queryClient, page, language }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const app = (
    <LanguageProvider language={language}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </LanguageProvider>
  );
  return page ? <PageContextProvider value={page}>{app}</PageContextProvider> : app;
}
