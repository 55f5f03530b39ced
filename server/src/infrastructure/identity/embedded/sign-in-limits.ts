import { type BucketRule, TokenBuckets, clientKey } from '../../limits/token-bucket';

/**
 * The limits of the hosted sign-in pages (docs/decisions/sign-in-limits.md). Wrong guesses cost
 * the guesser time, growing with every miss; the owner of an attacked account is never locked out: a
 * locked address needs the password plus a code mailed to it, which lifts the lock.
 */
export const SIGN_IN_LIMITS = {
  /** Wrong passwords for one e-mail address within the window before it needs an e-mailed code too. */
  addressFailuresBeforeLock: 5,
  addressFailureWindowMs: 15 * 60_000,
  /** A lock, and failures, are forgotten this long after the last wrong password. */
  addressLockForgottenAfterMs: 24 * 3600_000,
  /** Wrong passwords from one network (address, or IPv6 /64) before each next try must wait. */
  networkFreeFailures: 10,
  networkFailuresForgottenAfterMs: 15 * 60_000,
  networkFirstDelayMs: 1_000,
  networkMaxDelayMs: 15 * 60_000,
  /** Wrong authenticator codes of one account (however many passwords were right) before waits. */
  totpFreeFailures: 5,
  totpFirstDelayMs: 30_000,
  totpMaxDelayMs: 15 * 60_000,
  totpFailuresForgottenAfterMs: 24 * 3600_000,
  /** Mails with codes or notices: per recipient address, and per requesting network. */
  mailPerAddress: { capacity: 5, refillMs: 5 * 60_000 } as BucketRule,
  mailPerNetwork: { capacity: 20, refillMs: 60_000 } as BucketRule,
  /**
   * Text messages cost money and are the favourite of SMS-pumping fraud: per number 3 in a burst, then
   * one per 10 minutes; per requesting network 10, then one per 5 minutes.
   */
  smsPerNumber: { capacity: 3, refillMs: 10 * 60_000 } as BucketRule,
  smsPerNetwork: { capacity: 10, refillMs: 5 * 60_000 } as BucketRule,
} as const;

/**
 * How long the next try must wait after `failures` misses: nothing while `failures < free`, then
 * `firstMs`, doubling with every further miss, never more than `maxMs`. Pure.
 */
export function growingDelayMs(failures: number, free: number, firstMs: number, maxMs: number): number {
  if (failures < free) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(30, failures - free));
}

interface NetworkFailures {
  count: number;
  lastAt: number;
}

/** The limits SignInThrottle keeps in memory; tests that play many people from one address raise them. */
export interface ThrottleLimits {
  readonly networkFreeFailures: number;
  readonly mailPerAddress: BucketRule;
  readonly mailPerNetwork: BucketRule;
  readonly smsPerNumber: BucketRule;
  readonly smsPerNetwork: BucketRule;
}

/**
 * What the hosted pages count in memory, per requesting network: wrong passwords (growing waits) and
 * mails asked for, plus mails per recipient. Bounded: entries are dropped when forgotten or when too many.
 */
export class SignInThrottle {
  private readonly networkFailures = new Map<string, NetworkFailures>();
  private readonly limits: ThrottleLimits;
  private readonly mailByAddress: TokenBuckets;
  private readonly mailByNetwork: TokenBuckets;
  private readonly smsByNumber: TokenBuckets;
  private readonly smsByNetwork: TokenBuckets;

  constructor(
    limits: Partial<ThrottleLimits> = {},
    private readonly maxNetworks = 100_000,
  ) {
    this.limits = { ...SIGN_IN_LIMITS, ...limits };
    this.mailByAddress = new TokenBuckets(this.limits.mailPerAddress);
    this.mailByNetwork = new TokenBuckets(this.limits.mailPerNetwork);
    this.smsByNumber = new TokenBuckets(this.limits.smsPerNumber);
    this.smsByNetwork = new TokenBuckets(this.limits.smsPerNetwork);
  }

  /** Milliseconds this network must still wait before its next sign-in try; 0 when it may try now. */
  signInWaitMs(address: string | undefined, nowMs: number): number {
    const entry = this.current(clientKey(address), nowMs);
    if (!entry) return 0;
    const { networkFirstDelayMs, networkMaxDelayMs } = SIGN_IN_LIMITS;
    const { networkFreeFailures } = this.limits;
    const delay = growingDelayMs(entry.count, networkFreeFailures, networkFirstDelayMs, networkMaxDelayMs);
    return Math.max(0, entry.lastAt + delay - nowMs);
  }

  /** Counts a wrong password (or an unknown address) from this network. */
  signInFailed(address: string | undefined, nowMs: number): void {
    const key = clientKey(address);
    const entry = this.current(key, nowMs) ?? { count: 0, lastAt: nowMs };
    entry.count += 1;
    entry.lastAt = nowMs;
    this.networkFailures.delete(key);
    this.networkFailures.set(key, entry);
    if (this.networkFailures.size > this.maxNetworks) {
      const oldest = this.networkFailures.keys().next().value;
      if (oldest !== undefined) this.networkFailures.delete(oldest);
    }
  }

  /**
   * Takes a mail from both the recipient's and the network's allowance; 0 when it may be sent, else
   * the milliseconds until it could. Counted whether or not an account exists for the address, so
   * the answer never tells.
   */
  takeMail(recipient: string, address: string | undefined, nowMs: number): number {
    const byAddress = this.mailByAddress.take(recipient.trim().toLowerCase(), nowMs);
    if (byAddress > 0) return byAddress;
    return this.mailByNetwork.take(clientKey(address), nowMs);
  }

  /**
   * Takes a text message from the number's and the network's allowance: 0 when it may be sent, else
   * the milliseconds until it could.
   */
  takeSms(number: string, address: string | undefined, nowMs: number): number {
    const byNumber = this.smsByNumber.take(number, nowMs);
    if (byNumber > 0) return byNumber;
    return this.smsByNetwork.take(clientKey(address), nowMs);
  }

  private current(key: string, nowMs: number): NetworkFailures | null {
    const entry = this.networkFailures.get(key);
    if (!entry) return null;
    if (nowMs - entry.lastAt > SIGN_IN_LIMITS.networkFailuresForgottenAfterMs) {
      this.networkFailures.delete(key);
      return null;
    }
    return entry;
  }
}
