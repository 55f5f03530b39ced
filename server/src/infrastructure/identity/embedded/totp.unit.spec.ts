import { base32Decode, base32Encode, hotp, matchTotpStep, otpauthUri, totpCode, verifyTotp } from './totp';

// RFC 6238 appendix B, SHA1 key "12345678901234567890".
const rfcSecret = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it('round-trips base32', () => {
    const bytes = Buffer.from('12345678901234567890', 'ascii');
    expect(rfcSecret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(rfcSecret)).toEqual(bytes);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(bytes);
  });

  it.each(vectors)('matches the RFC 6238 vector at T=%d with 8 digits', (seconds, expected) => {
    expect(totpCode(rfcSecret, new Date(seconds * 1000), 8)).toBe(expected);
  });

  it.each(vectors)('6-digit codes are the last six digits of the vector at T=%d', (seconds, expected) => {
    expect(totpCode(rfcSecret, new Date(seconds * 1000))).toBe(expected.slice(-6));
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts one step of drift either side, and nothing further', () => {
    const at = new Date(1111111111 * 1000);
    const previous = totpCode(rfcSecret, new Date(at.getTime() - 30_000));
    const next = totpCode(rfcSecret, new Date(at.getTime() + 30_000));
    const far = totpCode(rfcSecret, new Date(at.getTime() + 90_000));
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, at), at)).toBe(true);
    expect(verifyTotp(rfcSecret, previous, at)).toBe(true);
    expect(verifyTotp(rfcSecret, next, at)).toBe(true);
    expect(verifyTotp(rfcSecret, far, at)).toBe(false);
    expect(verifyTotp(rfcSecret, 'abcdef', at)).toBe(false);
    expect(verifyTotp(rfcSecret, '12345', at)).toBe(false);
  });

  it('builds an otpauth URI with the issuer and account', () => {
    expect(otpauthUri(rfcSecret, 'mari@example.ee', 'Lepinguturg')).toBe(
      'otpauth://totp/Lepinguturg:mari%40example.ee?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Lepinguturg&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('matchTotpStep (one-time use)', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const at = new Date(1_800_000_000_000);
  const step = Math.floor(at.getTime() / 30_000);

  it('names the step a code belongs to, within one step of drift', () => {
    expect(matchTotpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
  });

  it('refuses the code of a step already used, and of any earlier step', () => {
    const code = totpCode(secret, at);
    expect(matchTotpStep(secret, code, at, step)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at, step)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at, step)).toBe(step + 1);
  });
});
