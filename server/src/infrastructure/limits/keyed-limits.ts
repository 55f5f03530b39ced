import { type BucketRule, TokenBuckets } from './token-bucket';

/**
 * Several named limits, each a token bucket per key (an account, an address, a phone number): one place
 * for every "at most so many of these per so long" rule. `take` answers 0 when allowed, else the
 * milliseconds until the next one is. Memory stays bounded per rule (TokenBuckets forgets full buckets
 * and the oldest past `maxKeys`).
 */
export class KeyedLimits<Name extends string> {
  private readonly buckets = new Map<Name, TokenBuckets>();

  constructor(
    readonly rules: Readonly<Record<Name, BucketRule>>,
    maxKeys = 100_000,
  ) {
    for (const name of Object.keys(rules) as Name[])
      this.buckets.set(name, new TokenBuckets(rules[name], maxKeys));
  }

  take(name: Name, key: string, nowMs: number): number {
    const buckets = this.buckets.get(name);
    if (!buckets) throw new Error(`No limit named ${name}`);
    return buckets.take(key, nowMs);
  }
}

/** A burst of `burst` at once, then `perMinute` a minute, evenly. */
export function perMinuteRule(burst: number, perMinute: number): BucketRule {
  return { capacity: burst, refillMs: 60_000 / perMinute };
}
