import { isIPv6 } from 'node:net';

/** A bucket's size and how fast it fills: `capacity` requests at once, then one per `refillMs`. */
export interface BucketRule {
  readonly capacity: number;
  readonly refillMs: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets per key (a client's address), in memory. Memory is bounded: full buckets are
 * forgotten (a fresh one is the same), and past `maxKeys` the oldest are dropped first.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: BucketRule,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token for `key`; returns 0 when allowed, else the milliseconds until one is free. */
  take(key: string, nowMs: number): number {
    const bucket = this.refilled(key, nowMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.delete(key);
      this.buckets.set(key, bucket);
      this.trim(nowMs);
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) * this.rule.refillMs);
  }

  /** How many keys are held (for tests and the bench). */
  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, nowMs: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: this.rule.capacity, updatedAt: nowMs };
    const gained = Math.max(0, nowMs - bucket.updatedAt) / this.rule.refillMs;
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + gained);
    bucket.updatedAt = nowMs;
    return bucket;
  }

  private trim(nowMs: number): void {
    if (this.buckets.size <= this.maxKeys) return;
    // The map is in order of last use: drop full buckets and the oldest until back under the bound.
    for (const [key, bucket] of this.buckets) {
      if (this.buckets.size <= this.maxKeys * 0.9) break;
      const full = bucket.tokens + (nowMs - bucket.updatedAt) / this.rule.refillMs >= this.rule.capacity;
      if (full || this.buckets.size > this.maxKeys) this.buckets.delete(key);
    }
  }
}

/**
 * The key a client is counted under: its address, and for IPv6 its /64 network (one household or
 * one server gets a whole /64, so counting single addresses would let one client rotate through
 * billions of them).
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
