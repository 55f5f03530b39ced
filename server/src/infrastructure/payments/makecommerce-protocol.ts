import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
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

/**
 * MakeCommerce's groups of `payment_methods`, and ours. Pay-later methods are offered as "other"; the
 * group is `payLater` in its SDK's documentation and `paylater` in older answers, so both are read.
 */
const GROUPS: readonly (readonly [string, PaymentMethodGroup])[] = [
  ['banklinks', 'banklink'],
  ['cards', 'card'],
  ['other', 'other'],
  ['payLater', 'other'],
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

/**
 * The methods of a transaction's `payment_methods` that can be paid: those that carry the URL to pay at,
 * and card methods without one (url null: paid in the in-page card form). A URL that is not http(s) is
 * never a page to send a buyer to.
 */
export function parsePaymentLinks(value: unknown): PaymentLink[] {
  if (typeof value !== 'object' || value === null) return [];
  const links: PaymentLink[] = [];
  for (const [key, group] of GROUPS) {
    const list = (value as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const raw of list as RawMethod[]) {
      const method = raw && typeof raw === 'object' ? methodOf(group, raw) : null;
      if (!method || links.some((l) => l.id === method.id)) continue;
      const url = webUrl(raw.url);
      if (url !== null) links.push({ ...method, url });
      else if (group === 'card' && (raw.url === undefined || raw.url === null || raw.url === ''))
        links.push({ ...method, url: null });
    }
  }
  return links;
}

function webUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The buyer's address as MakeCommerce's schema takes it (`customer.ip`, format ipv4: its SDK validates it
 * so before sending): an IPv4 address as it is; an IPv6 address that carries an IPv4 one (IPv4-mapped
 * `::ffff:a.b.c.d`, as Node writes IPv4 clients of a dual-stack socket, or the NAT64 prefix 64:ff9b::/96 of
 * RFC 6052) as that IPv4 address; null for any other IPv6 address, which has no IPv4 form and is left out
 * rather than sent in a form the schema refuses. Parsed by ipaddr.js (every IPv6 notation).
 */
export function customerIpv4(address: string): string | null {
  const text = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  if (v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) {
    const bytes = v6.toByteArray().slice(12);
    return ipaddr.fromByteArray(bytes).toString();
  }
  return null;
}

/**
 * A message from MakeCommerce, as its documentation (developer.maksekeskus.ee/messages.php) and its
 * WooCommerce plugin read it:
 * - `payment_return` (the buyer's return, and every notification): flat, with `transaction` (its id),
 *   `reference`, `amount`, `currency`, `status`, `shop`, `message_time`, `customer_name`;
 * - `token_return` (the in-page card form, or its 3-D Secure detour back to the return URL): `transaction`
 *   is an object with the transaction's `id` and `status`, beside `token` and possibly `error`; it names no
 *   reference or amount, which the transaction read back from the API then supplies.
 */
export type MakeCommerceMessage =
  | {
      readonly type: 'payment_return';
      readonly transactionId: string;
      readonly reference: string;
      readonly amount: Cents;
      readonly currency: string;
      readonly status: TransactionStatus;
      readonly shop: string | null;
    }
  | {
      readonly type: 'token_return';
      readonly transactionId: string;
      readonly status: TransactionStatus;
      readonly shop: string | null;
      /** The card form's error (`{ code, message }`), when the card was not charged. */
      readonly error: { readonly code: number | null; readonly message: string } | null;
    };

/** Reads a parsed message; null when it is not one of MakeCommerce's (a field its type needs is missing). */
export function readMakeCommerceMessage(message: unknown): MakeCommerceMessage | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const m = message as Record<string, unknown>;
  const shop = typeof m.shop === 'string' ? m.shop : null;
  const transaction = m.transaction;
  if (m.message_type === 'token_return' || (typeof transaction === 'object' && transaction !== null)) {
    if (typeof transaction !== 'object' || transaction === null) return null;
    const t = transaction as Record<string, unknown>;
    if (typeof t.id !== 'string' || t.id === '') return null;
    const raw = typeof m.error === 'object' && m.error !== null ? (m.error as Record<string, unknown>) : null;
    const error =
      raw === null
        ? null
        : {
            code: typeof raw.code === 'number' ? raw.code : null,
            message: typeof raw.message === 'string' ? raw.message : '',
          };
    return { type: 'token_return', transactionId: t.id, status: transactionStatusOf(t.status), shop, error };
  }
  const amount = decimalToCents(m.amount);
  if (
    typeof transaction !== 'string' ||
    transaction === '' ||
    typeof m.reference !== 'string' ||
    typeof m.currency !== 'string' ||
    amount === null
  ) {
    return null;
  }
  return {
    type: 'payment_return',
    transactionId: transaction,
    reference: m.reference,
    amount,
    currency: m.currency,
    status: transactionStatusOf(m.status),
    shop,
  };
}

/** MakeCommerce's refund states (CREATED → PENDING → SETTLED, or CANCELLED / FAILED) in ours. */
export function refundStatusOf(value: unknown): 'created' | 'pending' | 'settled' | 'failed' {
  switch (typeof value === 'string' ? value.toUpperCase() : '') {
    case 'CREATED':
      return 'created';
    case 'SETTLED':
      return 'settled';
    case 'CANCELLED':
    case 'FAILED':
      return 'failed';
    default:
      return 'pending';
  }
}

/** MakeCommerce's error code meaning "the payment is still being processed: refund later" (its WooCommerce plugin). */
export const REFUND_STILL_PROCESSING_CODE = 1045;
