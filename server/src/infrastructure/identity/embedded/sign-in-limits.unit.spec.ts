import { SIGN_IN_LIMITS, SignInThrottle } from './sign-in-limits';

describe('text-message allowances (SMS costs money)', () => {
  const T0 = Date.parse('2026-11-26T10:00:00Z');

  it('gives one number 3 messages in a burst, then one per 10 minutes', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 3; i++) expect(throttle.takeSms('+37251234567', '198.51.100.1', T0)).toBe(0);
    expect(throttle.takeSms('+37251234567', '198.51.100.2', T0)).toBe(SIGN_IN_LIMITS.smsPerNumber.refillMs);
    expect(throttle.takeSms('+37251234567', '198.51.100.2', T0 + 10 * 60_000)).toBe(0);
  });

  it('gives one network 10 messages to any numbers, then one per 5 minutes; other networks go on', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < 10; i++) expect(throttle.takeSms(`+3725123450${i}`, '2001:db8:1:2::1', T0)).toBe(0);
    // The same /64 on another address is the same network.
    expect(throttle.takeSms('+37251234599', '2001:db8:1:2::ffff', T0)).toBe(5 * 60_000);
    expect(throttle.takeSms('+37251234599', '198.51.100.7', T0)).toBe(0);
  });
});
