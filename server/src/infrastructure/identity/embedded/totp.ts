import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP): HMAC-SHA1, 30 s steps. */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** RFC 4648 base32 without padding (what authenticator apps expect in otpauth:// URIs). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32 character');
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32-encoded. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value of `counter` (RFC 4226 dynamic truncation), zero-padded to `digits`. */
export function hotp(key: Buffer, counter: number, digits: number = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', key).update(message).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/** The TOTP code of a base32 secret at `time`. */
export function totpCode(secret: string, time: Date, digits: number = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS), digits);
}

/**
 * The time step whose code `code` is, among the current step and `window` steps either side (clock
 * drift of the phone), or null. Only steps after `usedStep` count: a code already used to sign in
 * cannot be used again, nor an older one (RFC 6238 §5.2).
 */
export function matchTotpStep(
  secret: string,
  code: string,
  time: Date,
  usedStep: number | null = null,
  window = 1,
): number | null {
  const given = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(given)) return null;
  const key = base32Decode(secret);
  const step = Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS);
  let matched: number | null = null;
  for (let delta = -window; delta <= window; delta++) {
    const expected = hotp(key, step + delta);
    // Compare every candidate in constant time, so timing does not say which step was close.
    if (
      timingSafeEqual(Buffer.from(expected), Buffer.from(given)) &&
      (usedStep === null || step + delta > usedStep)
    )
      matched = step + delta;
  }
  return matched;
}

/** True when `code` matches the current step or one step either side (clock drift of the phone). */
export function verifyTotp(secret: string, code: string, time: Date, window = 1): boolean {
  return matchTotpStep(secret, code, time, null, window) !== null;
}

/** The otpauth:// URI that authenticator apps read from the QR code. */
export function otpauthUri(secret: string, accountName: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
