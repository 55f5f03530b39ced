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

/**
 * The site cannot sign anybody in because of how it is set up (SPEC §8 NoUserPoolError): no issuer or
 * client id, or an issuer that does not answer as an OpenID provider. Not a passing outage.
 */
export class IdentityConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityConfigurationError';
  }
}

/** Checks what /api/config and the discovery document say; throws IdentityConfigurationError. */
export function checkIdentitySetup(
  config: ClientConfig,
  openId: Partial<OpenIdConfiguration> & { issuer?: string },
) {
  if (!openId.authorization_endpoint || !openId.token_endpoint)
    throw new IdentityConfigurationError(
      `${discoveryUrl(config.issuer)} names no authorization or token endpoint`,
    );
  if (openId.issuer !== undefined && openId.issuer.replace(/\/+$/, '') !== config.issuer.replace(/\/+$/, ''))
    throw new IdentityConfigurationError(
      `The issuer's discovery document names ${openId.issuer}, not ${config.issuer}`,
    );
}

export interface IdentitySetup {
  config: ClientConfig;
  openId: OpenIdConfiguration;
}

/** /api/config and the issuer's endpoints, each fetched once and then taken from the cache. */
export async function loadIdentitySetup(queryClient: QueryClient): Promise<IdentitySetup> {
  const config = await queryClient.fetchQuery(clientConfigQueryOptions());
  if (!config.issuer || !config.clientId)
    throw new IdentityConfigurationError('/api/config names no identity issuer or client id');
  let openId: OpenIdConfiguration;
  try {
    openId = await queryClient.fetchQuery(openIdConfigurationQueryOptions(config.issuer));
  } catch (error) {
    // A discovery document that is not there, or not JSON: the issuer is set wrong.
    if (error instanceof SyntaxError || (error instanceof Error && / answered 404:/.test(error.message)))
      throw new IdentityConfigurationError(`${discoveryUrl(config.issuer)}: ${error.message}`);
    throw error;
  }
  checkIdentitySetup(config, openId);
  return { config, openId };
}
