import type { QueryClient } from '@tanstack/react-query';
import type { ProductUser } from '../../api/types';
import { localizedPath } from '../../config/routes';
import type { Language } from '../../i18n';
import { getCurrentUser } from './api/get-current-user';
import { loadIdentitySetup } from './api/get-openid-configuration';
import { exchangeCode, type ExchangedTokens } from './api/token';
import { createPendingLogin, s256Challenge, type PendingLogin } from './utils/pkce';

/** The login in progress: verifier, state and nonce live in this tab only until the callback. */
export const PENDING_LOGIN_KEY = 'lepinguturg.pendingLogin';

export function savePendingLogin(pending: PendingLogin): void {
  sessionStorage.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
}

function takePendingLogin(): PendingLogin | null {
  const raw = sessionStorage.getItem(PENDING_LOGIN_KEY);
  sessionStorage.removeItem(PENDING_LOGIN_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingLogin>;
    return typeof value.state === 'string' &&
      typeof value.verifier === 'string' &&
      typeof value.nonce === 'string'
      ? { state: value.state, verifier: value.verifier, nonce: value.nonce }
      : null;
  } catch {
    return null;
  }
}

/**
 * Creates the PKCE verifier, state and nonce and answers the provider's authorize URL; the caller
 * keeps `pending` (savePendingLogin) right before it leaves for that URL.
 */
export async function beginLogin(
  queryClient: QueryClient,
  language: Language,
): Promise<{ url: string; pending: PendingLogin }> {
  const { config, openId } = await loadIdentitySetup(queryClient);
  const pending = createPendingLogin();
  const url = new URL(openId.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectSignIn,
    scope: config.scopes.join(' '),
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await s256Challenge(pending.verifier),
    code_challenge_method: 'S256',
    ui_locales: language,
  }).toString();
  return { url: url.toString(), pending };
}

export interface CompletedLogin {
  tokens: ExchangedTokens;
  user: ProductUser;
}

/**
 * The callback's work: the state must be the one this tab sent, the code is exchanged with the
 * verifier, the id token must carry our nonce, then the product user is read with the new token.
 */
export async function completeLogin(
  queryClient: QueryClient,
  search: URLSearchParams,
): Promise<CompletedLogin> {
  const pending = takePendingLogin();
  const error = search.get('error');
  if (error)
    throw new Error(`The identity provider answered ${error}: ${search.get('error_description') ?? ''}`);
  const code = search.get('code');
  if (!pending || !code || search.get('state') !== pending.state) {
    throw new Error('Login state is missing or does not match');
  }
  const setup = await loadIdentitySetup(queryClient);
  const tokens = await exchangeCode(setup, code, pending.verifier);
  if (tokens.nonce !== pending.nonce) throw new Error('The id token has another nonce');
  const user = await getCurrentUser({ bearer: tokens.idToken, handleUnauthorized: false });
  return { tokens, user };
}

const inFlight = new Map<string, Promise<CompletedLogin>>();

/** One exchange per callback URL, however often the page mounts (React StrictMode mounts twice). */
export function completeLoginOnce(
  queryClient: QueryClient,
  search: URLSearchParams,
): Promise<CompletedLogin> {
  const key = search.toString();
  let promise = inFlight.get(key);
  if (!promise) {
    promise = completeLogin(queryClient, search);
    inFlight.set(key, promise);
    const forget = () => setTimeout(() => inFlight.delete(key), 0);
    promise.then(forget, forget);
  }
  return promise;
}

/** Where the provider ends its session (SPEC §4 logout), or null when there is nothing to end. */
export async function endSessionUrl(
  queryClient: QueryClient,
  idToken: string | null,
  uiLanguage: Language,
): Promise<string | null> {
  if (!idToken) return null;
  const { config, openId } = await loadIdentitySetup(queryClient);
  if (!openId.end_session_endpoint) return null;
  const url = new URL(openId.end_session_endpoint);
  url.search = new URLSearchParams({
    id_token_hint: idToken,
    // Back to the home page in the language the person used (the provider has both addresses).
    post_logout_redirect_uri: new URL(localizedPath('home', uiLanguage), config.redirectSignOut).toString(),
    client_id: config.clientId,
    ui_locales: uiLanguage,
  }).toString();
  return url.toString();
}
