import type { SqliteDatabase } from '../../sqlite/sqlite-database';
import type { IdentityLanguage, MessageKey } from './identity-messages';

/** Where one sign-in interaction is: which page, and what the person has proven so far. */
export type InteractionStage =
  | 'sign-in'
  | 'sign-up'
  | 'confirm-sign-up'
  | 'forgot-password'
  | 'reset-password'
  | 'new-password'
  | 'choose-mfa'
  | 'mfa-totp'
  | 'mfa-email'
  | 'offer-mfa'
  | 'setup-totp'
  | 'setup-email'
  | 'unlock'
  | 'mfa-sms'
  | 'setup-sms'
  | 'verify-contact'
  | 'verify-contact-code'
  | 'link-account';

/** An external identity met in this interaction and not linked to an account yet. */
export interface PendingLink {
  readonly provider: string;
  readonly subject: string;
  readonly email: string;
}

export interface InteractionNotice {
  readonly kind: 'info' | 'success' | 'error';
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string>>;
}

export interface InteractionState {
  readonly stage: InteractionStage;
  readonly lang: IdentityLanguage;
  readonly email: string;
  readonly accountId: string | null;
  /** The password of `accountId` was entered correctly in this interaction. */
  readonly passwordVerified: boolean;
  /** A TOTP secret being set up, not yet confirmed with a code. */
  readonly pendingTotpSecret: string | null;
  /** Wrong codes while setting up an authenticator (per interaction: the secret is new). */
  readonly mfaFailures: number;
  /** The account was created in this interaction, with a password chosen here (auto sign-in, SPEC §4). */
  readonly signedUpHere: boolean;
  /**
   * A code step that no account stands behind (sign-up of a taken address, reset of an unknown one, a
   * locked address whose password was wrong): it answers exactly as a real one would, never accepting.
   */
  readonly decoy: { readonly issuedAt: string; readonly failures: number } | null;
  /** Shown once on the next page. */
  readonly notice: InteractionNotice | null;
  /** An external identity to link once its e-mail address is proven (a code to the address). */
  readonly pendingLink?: PendingLink | null;
  /** A phone number being set up for text-message codes, not confirmed yet. */
  readonly pendingPhone?: string | null;
  /** How the person signed in, kept while the verify-contact step is shown before finishing. */
  readonly pendingAmr?: readonly string[] | null;
  /** The verify-contact step was offered in this interaction (it is not shown twice). */
  readonly contactOffered?: boolean;
  /** How the first factor was given: a password, or an external provider (amr `fed`). */
  readonly firstFactor?: 'pwd' | 'fed';
  /** The attribute whose code the verify-contact step sent: email or phone_number. */
  readonly verifyingAttribute?: 'email' | 'phone_number' | null;
}

/**
 * Per-interaction state, keyed by oidc-provider's interaction uid. The uid is only usable together with
 * the interaction cookie (interactionDetails checks it), so the state is bound to that browser.
 */
export class SqliteInteractionStateStore {
  constructor(private readonly db: SqliteDatabase) {}

  get(uid: string, now: Date): InteractionState | null {
    const row = this.db
      .prepare('SELECT state FROM identity_interactions WHERE uid = ? AND expires_at > ?')
      .get(uid, now.getTime()) as { state: string } | undefined;
    return row ? (JSON.parse(row.state) as InteractionState) : null;
  }

  put(uid: string, state: InteractionState, expiresAt: Date): void {
    this.db
      .prepare(
        `INSERT INTO identity_interactions (uid, state, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (uid) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at`,
      )
      .run(uid, JSON.stringify(state), expiresAt.getTime());
  }

  delete(uid: string, now: Date): void {
    this.db
      .prepare('DELETE FROM identity_interactions WHERE uid = ? OR expires_at <= ?')
      .run(uid, now.getTime());
  }
}
