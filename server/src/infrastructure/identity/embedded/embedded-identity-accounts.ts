import type { SmsSender } from '../../sms/sms.port';
import type {
  IdentityAccountView,
  IdentityAccounts,
  PhoneChangeResult,
  PhoneConfirmResult,
} from '../identity-accounts.port';
import { translate } from './identity-messages';
import { callingCodes, checkPhoneNumber, joinPhoneNumber, maskPhoneNumber } from './phone-numbers';
import type { SignInThrottle } from './sign-in-limits';
import type { SqliteAccountStore } from './sqlite-account-store';
import type { SqliteOneTimeCodeStore } from './sqlite-one-time-code-store';

/** The embedded provider's IdentityAccounts: its SQLite accounts, codes and the SMS port. */
export class EmbeddedIdentityAccounts implements IdentityAccounts {
  readonly available = true;

  constructor(
    private readonly deps: {
      readonly accounts: SqliteAccountStore;
      readonly codes: SqliteOneTimeCodeStore;
      readonly sms: SmsSender;
      /** The same allowances as the hosted pages: a number gets no more messages through My data. */
      readonly throttle: SignInThrottle;
      readonly smsCountries: readonly string[];
    },
  ) {}

  account(userId: string, now: Date): Promise<IdentityAccountView | null> {
    const account = this.deps.accounts.findById(userId);
    if (!account) return Promise.resolve(null);
    return Promise.resolve({
      email: account.email,
      emailVerified: account.emailVerified,
      phoneNumber: account.phoneNumber,
      phoneNumberVerified: account.phoneNumberVerified,
      pendingPhoneNumber: account.pendingPhoneNumber,
      smsMfaEnabled: account.smsMfaEnabled && account.phoneNumberVerified,
      linkedProviders: this.deps.accounts.federatedProviders(userId),
      devices: this.deps.accounts.devices(userId, now),
      callingCodes: callingCodes(this.deps.smsCountries),
    });
  }

  async requestPhoneChange(
    userId: string,
    input: { readonly countryCode: string; readonly phoneNumber: string },
    context: {
      readonly language: 'et' | 'en';
      readonly clientAddress: string | undefined;
      readonly now: Date;
    },
  ): Promise<PhoneChangeResult> {
    const account = this.deps.accounts.findById(userId);
    if (!account) return { sent: false, problem: 'PHONE_INVALID' };
    const checked = checkPhoneNumber(
      joinPhoneNumber(input.countryCode, input.phoneNumber),
      this.deps.smsCountries,
    );
    if ('problem' in checked) return { sent: false, problem: checked.problem };
    const waitMs = this.deps.throttle.takeSms(checked.number, context.clientAddress, context.now.getTime());
    if (waitMs > 0) return { sent: false, problem: 'TOO_MANY', waitMs };
    this.deps.accounts.setPendingPhoneNumber(userId, checked.number);
    const code = this.deps.codes.issue(userId, 'verify-phone', context.now);
    try {
      await this.deps.sms.send({
        to: checked.number,
        text: translate(context.language, 'sms.code', { code }),
      });
    } catch (error) {
      console.error('[identity] text message not sent:', error instanceof Error ? error.message : error);
      return { sent: false, problem: 'NOT_SENT' };
    }
    return { sent: true, destination: maskPhoneNumber(checked.number) };
  }

  confirmPhoneChange(userId: string, code: string, now: Date): Promise<PhoneConfirmResult> {
    const account = this.deps.accounts.findById(userId);
    const pending = account?.pendingPhoneNumber;
    if (!account || !pending) return Promise.resolve('nothing-pending');
    const result = this.deps.codes.check(userId, 'verify-phone', code, now);
    if (result === 'ok') this.deps.accounts.confirmPendingPhoneNumber(userId, pending);
    return Promise.resolve(result);
  }

  removePhone(userId: string): Promise<void> {
    this.deps.accounts.setPhoneNumber(userId, null);
    return Promise.resolve();
  }

  forgetDevice(userId: string, deviceId: string): Promise<boolean> {
    return Promise.resolve(this.deps.accounts.forgetDevice(userId, deviceId));
  }

  requirePasswordReset(userId: string): Promise<boolean> {
    return Promise.resolve(this.deps.accounts.requirePasswordReset(userId));
  }
}
