import { createHash, timingSafeEqual } from 'node:crypto';
import type { Cents } from '../../domain/shared/money';
import type {
  PaymentLink,
  PaymentMethod,
  PaymentMethodGroup,
  TransactionStatus,
} from './payment-gateway.port';

/**
 * MakeCommerce's message authentication: the upper-case hex SHA-512 of the raw `json` string followed by
 * the secret key. The raw string, never a re-serialisation: a parsed-and-printed message may differ in
 * spacing or escapes and would not verify.
 */
export function makeCommerceMac(json: string, secretKey: string): string {
  return createHash('sha512')
    .update(json + secretKey, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Compares a received MAC with the expected one in constant time (no early exit on the first difference). */
export function macMatches(json: string, mac: string, secretKey: string): boolean {
  const expected = Buffer.from(makeCommerceMac(json, secretKey), 'utf8');
  const received = Buffer.from(mac, 'utf8');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** 1240 → "12.40": MakeCommerce takes amounts as decimal strings. */
export function centsToDecimal(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.40", "12.4", 12.4 → 1240; null for anything that is not a non-negative amount with at most 2 decimals. */
export function decimalToCents(value: unknown): Cents | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const STATUSES: Readonly<Record<string, TransactionStatus>> = {
  CREATED: 'created',
  PENDING: 'pending',
  APPROVED: 'pending',
  COMPLETED: 'completed',
  PART_REFUNDED: 'completed',
  REFUNDED: 'completed',
  CANCELLED: 'canceled',
  DECLINED: 'canceled',
  EXPIRED: 'expired',
};

/** MakeCommerce's status words in ours; an unknown word reads as still pending (it never marks paid). */
export function transactionStatusOf(value: unknown): TransactionStatus {
  return (typeof value === 'string' && STATUSES[value.toUpperCase()]) || 'pending';
}

/** MakeCommerce's groups of `payment_methods`, and ours. Pay-later methods are offered as "other". */
const GROUPS: readonly (readonly [string, PaymentMethodGroup])[] = [
  ['banklinks', 'banklink'],
  ['cards', 'card'],
  ['other', 'other'],
  ['paylater', 'other'],
];

interface RawMethod {
  readonly name?: unknown;
  readonly display_name?: unknown;
  readonly country?: unknown;
  readonly url?: unknown;
}

/** Our id of a method: bank links by country and name, the others by name. */
export function paymentMethodId(group: PaymentMethodGroup, name: string, country: string | null): string {
  return group === 'banklink' ? `banklink:${country ?? ''}:${name}` : `${group}:${name}`;
}

function methodOf(group: PaymentMethodGroup, raw: RawMethod): PaymentMethod | null {
  if (typeof raw.name !== 'string' || raw.name === '') return null;
  const country = group === 'banklink' && typeof raw.country === 'string' ? raw.country.toLowerCase() : null;
  return {
    id: paymentMethodId(group, raw.name, country),
    group,
    name: raw.name,
    displayName: typeof raw.display_name === 'string' && raw.display_name ? raw.display_name : raw.name,
    country,
  };
}

/** The methods of a MakeCommerce `payment_methods` object (or a `/v1/methods` answer). */
export function parsePaymentMethods(value: unknown): PaymentMethod[] {
  if (typeof value !== 'object' || value === null) return [];
  const methods: PaymentMethod[] = [];
  for (const [key, group] of GROUPS) {
    const list = (value as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const raw of list as RawMethod[]) {
      const method = raw && typeof raw === 'object' ? methodOf(group, raw) : null;
      if (method && !methods.some((m) => m.id === method.id)) methods.push(method);
    }
  }
  return methods;
}

/** Like parsePaymentMethods, keeping only methods that carry the URL to pay at. */
export function parsePaymentLinks(value: unknown): PaymentLink[] {
  if (typeof value !== 'object' || value === null) return [];
  const links: PaymentLink[] = [];
  for (const [key, group] of GROUPS) {
    const list = (value as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const raw of list as RawMethod[]) {
      const method = raw && typeof raw === 'object' ? methodOf(group, raw) : null;
      if (method && typeof raw.url === 'string' && !links.some((l) => l.id === method.id))
        links.push({ ...method, url: raw.url });
    }
  }
  return links;
}
