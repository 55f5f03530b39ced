import { describe, expect, it } from 'vitest';
import {
  createPendingLogin,
  decodeJwtPayload,
  NONCE_LENGTH,
  randomString,
  s256Challenge,
  STATE_LENGTH,
  UNRESERVED,
  VERIFIER_LENGTH,
} from './pkce';

const ONLY_UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('PKCE', () => {
  it('makes a 128-character verifier and a 32-character state from the unreserved set', () => {
    const pending = createPendingLogin();
    expect(VERIFIER_LENGTH).toBe(128);
    expect(STATE_LENGTH).toBe(32);
    expect(pending.verifier).toHaveLength(128);
    expect(pending.state).toHaveLength(32);
    expect(pending.nonce).toHaveLength(NONCE_LENGTH);
    for (const value of Object.values(pending)) expect(value).toMatch(ONLY_UNRESERVED);
    expect(UNRESERVED).toHaveLength(66);
  });

  it('never repeats itself and uses the whole alphabet', () => {
    const a = randomString(128);
    const b = randomString(128);
    expect(a).not.toBe(b);
    const seen = new Set(randomString(20_000));
    expect(seen.size).toBe(UNRESERVED.length);
  });

  it('derives the S256 challenge as base64url(SHA-256(verifier)) (RFC 7636 appendix B)', async () => {
    await expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('reads the claims of a JWT, including non-ASCII text', () => {
    const payload = btoa(
      String.fromCharCode(...new TextEncoder().encode('{"email":"jüri@näide.ee","exp":5}')),
    )
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtPayload(`x.${payload}.y`)).toEqual({ email: 'jüri@näide.ee', exp: 5 });
    expect(() => decodeJwtPayload('nonsense')).toThrow();
  });
});
