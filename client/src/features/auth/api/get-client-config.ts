import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { usePageAnswer } from '../../../api/page-context';
import type { ClientConfig } from '../../../api/types';

export const configKeys = {
  all: ['config'] as const,
  client: () => [...configKeys.all, 'client'] as const,
  openId: (issuer: string) => [...configKeys.all, 'openid', issuer] as const,
};

export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return http<ClientConfig>('/config', { signal, anonymous: true });
}

/** Fetched once per page load (SPEC §7): it does not change while the app runs. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.client(),
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The configuration; the page's first render takes it from the page (api/page-answers.ts). */
export function useClientConfig() {
  return useQuery({ ...clientConfigQueryOptions(), ...usePageAnswer<ClientConfig>('/config') });
}
