/** RFC 7636 "unreserved" characters: what a PKCE verifier (and our state and nonce) are made of. */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

export const VERIFIER_LENGTH = 128;
export const STATE_LENGTH = 32;
export const NONCE_LENGTH = 32;

/** A random string over the unreserved set, without modulo bias (bytes past the last full cycle are redrawn). */
export function randomString(length: number): string {
  const limit = 256 - (256 % UNRESERVED.length);
  let result = '';
  while (result.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit) result += UNRESERVED[byte % UNRESERVED.length];
      if (result.length === length) break;
    }
  }
  return result;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 code challenge: base64url(SHA-256(verifier)). */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
}

export function createPendingLogin(): PendingLogin {
  return {
    state: randomString(STATE_LENGTH),
    nonce: randomString(NONCE_LENGTH),
    verifier: randomString(VERIFIER_LENGTH),
  };
}

/** The claims of a JWT, unverified: the server verifies the signature; the client only reads e-mail, nonce and expiry. */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('Not a JWT');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof payload !== 'object' || payload === null) throw new Error('JWT payload is not an object');
  return payload as Record<string, unknown>;
}
