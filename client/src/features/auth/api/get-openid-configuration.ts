import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { HTTP_TIMEOUT_MS } from '../../../api/http';
import type { ClientConfig } from '../../../api/types';
import { clientConfigQueryOptions, configKeys } from './get-client-config';

/** The parts of the issuer's discovery document the client uses. */
export interface OpenIdConfiguration {
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
}

/** JSON from the identity provider (not /api: no bearer, no Accept-Language, no 401 redirect). */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
    signal: init.signal ?? AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

export function openIdConfigurationQueryOptions(issuer: string) {
  return queryOptions({
    queryKey: configKeys.openId(issuer),
    queryFn: ({ signal }) => fetchJson<OpenIdConfiguration>(discoveryUrl(issuer), { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export interface IdentitySetup {
  config: ClientConfig;
  openId: OpenIdConfiguration;
}

/** /api/config and the issuer's endpoints, each fetched once and then taken from the cache. */
export async function loadIdentitySetup(queryClient: QueryClient): Promise<IdentitySetup> {
  const config = await queryClient.fetchQuery(clientConfigQueryOptions());
  const openId = await queryClient.fetchQuery(openIdConfigurationQueryOptions(config.issuer));
  return { config, openId };
}
