import { createHmac, timingSafeEqual } from 'node:crypto';

// The app-signed download link scheme of LocalFolderBlobStore, shared with the controller that serves the links.

/**
 * Hex HMAC-SHA256 over `key|expires|name`. Key and name enter URI-encoded, so neither can contain
 * the separator and no two (key, expires, name) triples sign the same string.
 */
export function signBlobLink(secret: string, key: string, expires: string, name: string): string {
  return createHmac('sha256', secret)
    .update(`${encodeURIComponent(key)}|${expires}|${encodeURIComponent(name)}`)
    .digest('hex');
}

/**
 * Checks a download link issued by LocalFolderBlobStore: 'invalid' when the signature does not
 * match (or a parameter is malformed), 'expired' when it matches but `nowMs` is past the expiry.
 * Pure; compares in constant time.
 */
export function verifyBlobSignature(
  secret: string,
  key: string,
  expires: string,
  name: string,
  signature: string,
  nowMs: number,
): 'ok' | 'expired' | 'invalid' {
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/i.test(signature)) return 'invalid';
  const expected = Buffer.from(signBlobLink(secret, key, expires, name), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowMs >= Number(expires) * 1000 ? 'expired' : 'ok';
}
