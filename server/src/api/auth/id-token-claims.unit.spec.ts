import { type IdTokenClaims, checkIdTokenClaims } from './id-token-claims';

const CLIENT = 'lepinguturg-web';
const valid: IdTokenClaims = {
  sub: '5b0f6c1e-1f0e-4a43-9d52-6a9a0f3c2b11',
  email: 'kati.karu@example.ee',
  email_verified: true,
  aud: CLIENT,
  iat: 1_800_000_000,
  exp: 1_800_003_600,
};

describe('ID token claims (OpenID Connect Core 3.1.3.7)', () => {
  it('accepts a token for our client and names its person and sign-in time', () => {
    expect(checkIdTokenClaims(valid, CLIENT)).toEqual({
      user: { userId: valid.sub, email: valid.email, emailVerified: true },
      signedInAt: 1_800_000_000,
    });
  });

  it('takes auth_time over iat as the moment of sign-in (a refreshed token keeps the sign-in time)', () => {
    expect(checkIdTokenClaims({ ...valid, auth_time: 1_799_990_000 }, CLIENT)?.signedInAt).toBe(
      1_799_990_000,
    );
  });

  it('refuses a token without exp, or with an exp that is not a number', () => {
    const { exp: _exp, ...withoutExp } = valid;
    expect(checkIdTokenClaims(withoutExp, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, exp: '1800003600' }, CLIENT)).toBeNull();
  });

  it('refuses an audience list unless azp is our client id', () => {
    expect(checkIdTokenClaims({ ...valid, aud: [CLIENT, 'other-app'] }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, aud: [CLIENT] }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, aud: [CLIENT, 'other-app'], azp: 'other-app' }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, aud: [CLIENT, 'other-app'], azp: CLIENT }, CLIENT)).not.toBeNull();
  });

  it("refuses a token whose azp is another party's, whatever the audience", () => {
    expect(checkIdTokenClaims({ ...valid, azp: 'other-app' }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, azp: CLIENT }, CLIENT)).not.toBeNull();
  });

  it('refuses a token without a usable sub or e-mail, or without any sign-in time', () => {
    expect(checkIdTokenClaims({ ...valid, sub: '' }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, sub: 'x'.repeat(256) }, CLIENT)).toBeNull();
    expect(checkIdTokenClaims({ ...valid, email: undefined }, CLIENT)).toBeNull();
    const { iat: _iat, ...withoutIat } = valid;
    expect(checkIdTokenClaims(withoutIat, CLIENT)).toBeNull();
  });

  it('reads email_verified given as a string, and unknown when absent', () => {
    expect(checkIdTokenClaims({ ...valid, email_verified: 'true' }, CLIENT)?.user.emailVerified).toBe(true);
    expect(
      checkIdTokenClaims({ ...valid, email_verified: undefined }, CLIENT)?.user.emailVerified,
    ).toBeNull();
  });
});
