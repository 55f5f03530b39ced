/**
 * The IdentityAccounts port: what a signed-in person (My data) and an admin may change of an account at
 * the identity provider itself: the phone number (verified by a text-message code), remembered devices,
 * and a required password reset. The embedded provider implements it; an external provider (Cognito,
 * Keycloak) keeps these in its own console and account pages, so there it is unavailable.
 */

/** A browser that skips the second factor until it expires or is forgotten. */
export interface RememberedDeviceView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string;
  readonly expiresAt: string;
}

/** The account as My data shows it. */
export interface IdentityAccountView {
  readonly email: string;
  readonly emailVerified: boolean;
  readonly phoneNumber: string | null;
  readonly phoneNumberVerified: boolean;
  /** A new number waiting for its code. */
  readonly pendingPhoneNumber: string | null;
  /** Text-message codes are a second factor of the account. */
  readonly smsMfaEnabled: boolean;
  /** Social sign-ins linked to the account (google, facebook, …). */
  readonly linkedProviders: readonly string[];
  readonly devices: readonly RememberedDeviceView[];
  /** The phone field's country-code selector. */
  readonly callingCodes: readonly { readonly country: string; readonly code: string }[];
}

export type PhoneChangeResult =
  | { readonly sent: true; readonly destination: string }
  | {
      readonly sent: false;
      readonly problem:
        'PHONE_INVALID' | 'PHONE_NOT_MOBILE' | 'PHONE_COUNTRY_NOT_ALLOWED' | 'TOO_MANY' | 'NOT_SENT';
      readonly waitMs?: number;
    };

export type PhoneConfirmResult = 'ok' | 'invalid' | 'expired' | 'attempts-exceeded' | 'nothing-pending';

export interface IdentityAccounts {
  /** False for an external provider: every method then throws IdentityAccountsUnavailableError. */
  readonly available: boolean;
  account(userId: string, now: Date): Promise<IdentityAccountView | null>;
  /** Sends a code to a new number (country code plus number); the current number stays until it is confirmed. */
  requestPhoneChange(
    userId: string,
    input: { readonly countryCode: string; readonly phoneNumber: string },
    context: {
      readonly language: 'et' | 'en';
      readonly clientAddress: string | undefined;
      readonly now: Date;
    },
  ): Promise<PhoneChangeResult>;
  confirmPhoneChange(userId: string, code: string, now: Date): Promise<PhoneConfirmResult>;
  /** Removes the number, and text-message codes as a second factor with it. */
  removePhone(userId: string): Promise<void>;
  /** false when the account has no such device. */
  forgetDevice(userId: string, deviceId: string): Promise<boolean>;
  /** false when the provider has no such account. */
  requirePasswordReset(userId: string): Promise<boolean>;
}

export class IdentityAccountsUnavailableError extends Error {
  constructor() {
    super('Account settings are kept by the external identity provider');
    this.name = 'IdentityAccountsUnavailableError';
  }
}

export const IDENTITY_ACCOUNTS = Symbol('IdentityAccounts');

/**
 * The port as Nest provides it: the embedded provider is mounted after the app's modules are built
 * (create-app.ts), so its implementation is attached then; until then, and with an external provider,
 * it is unavailable.
 */
export class AttachableIdentityAccounts implements IdentityAccounts {
  private target: IdentityAccounts | null = null;

  attach(target: IdentityAccounts): void {
    this.target = target;
  }

  get available(): boolean {
    return this.target?.available ?? false;
  }

  private get use(): IdentityAccounts {
    if (!this.target) throw new IdentityAccountsUnavailableError();
    return this.target;
  }

  account(userId: string, now: Date): Promise<IdentityAccountView | null> {
    return this.use.account(userId, now);
  }

  requestPhoneChange(
    ...args: Parameters<IdentityAccounts['requestPhoneChange']>
  ): Promise<PhoneChangeResult> {
    return this.use.requestPhoneChange(...args);
  }

  confirmPhoneChange(userId: string, code: string, now: Date): Promise<PhoneConfirmResult> {
    return this.use.confirmPhoneChange(userId, code, now);
  }

  removePhone(userId: string): Promise<void> {
    return this.use.removePhone(userId);
  }

  forgetDevice(userId: string, deviceId: string): Promise<boolean> {
    return this.use.forgetDevice(userId, deviceId);
  }

  requirePasswordReset(userId: string): Promise<boolean> {
    return this.use.requirePasswordReset(userId);
  }
}
