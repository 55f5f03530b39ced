import type { SessionTokens } from '../../../stores/session-store';
import { decodeJwtPayload } from '../utils/pkce';
import { fetchJson, type IdentitySetup } from './get-openid-configuration';

interface TokenResponse {
  id_token?: string;
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
}

/** How long before expiry the session is refreshed. */
export const REFRESH_MARGIN_MS = 60_000;

function postForm(url: string, form: Record<string, string>): Promise<TokenResponse> {
  return fetchJson<TokenResponse>(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** The earlier of the access token's lifetime and the id token's `exp` (the id token is the bearer). */
function expiresAt(response: TokenResponse, idToken: string | undefined, now: number): number {
  const candidates: number[] = [];
  if (typeof response.expires_in === 'number') candidates.push(now + response.expires_in * 1000);
  if (idToken) {
    const exp = decodeJwtPayload(idToken).exp;
    if (typeof exp === 'number') candidates.push(exp * 1000);
  }
  return candidates.length ? Math.min(...candidates) : now + 5 * 60_000;
}

export interface ExchangedTokens extends SessionTokens {
  authEmail: string | null;
  nonce: unknown;
}

/** Authorization code + PKCE verifier -> tokens (SPEC §7 token endpoint call). */
export async function exchangeCode(
  { config, openId }: IdentitySetup,
  code: string,
  verifier: string,
  now = Date.now(),
): Promise<ExchangedTokens> {
  const response = await postForm(openId.token_endpoint, {
    grant_type: 'authorization_code',
    code,
    client_id: config.clientId,
    redirect_uri: config.redirectSignIn,
    code_verifier: verifier,
  });
  if (!response.id_token) throw new Error('The token endpoint answered no id token');
  const claims = decodeJwtPayload(response.id_token);
  return {
    idToken: response.id_token,
    accessToken: response.access_token ?? null,
    refreshToken: response.refresh_token ?? null,
    expiresAt: expiresAt(response, response.id_token, now),
    authEmail: typeof claims.email === 'string' ? claims.email : null,
    nonce: claims.nonce,
  };
}

/** A refresh token -> fresh tokens; the provider may or may not rotate the refresh token or send a new id token. */
export async function refreshTokens(
  { config, openId }: IdentitySetup,
  refreshToken: string,
  currentIdToken: string | null,
  now = Date.now(),
): Promise<Partial<SessionTokens> & { expiresAt: number }> {
  const response = await postForm(openId.token_endpoint, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.clientId,
  });
  return {
    idToken: response.id_token,
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    expiresAt: expiresAt(response, response.id_token ?? currentIdToken ?? undefined, now),
  };
}
