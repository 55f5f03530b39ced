import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { signBlobLink, verifyBlobSignature } from '../../infrastructure/blob-store/blob-link-signature';

/** Injection token: the secret (a string) that signs purchase links; derived from the blob-link secret. */
export const PURCHASE_LINK_SECRET = Symbol('PurchaseLinkSecret');

/** What a purchase link opens: one file, the zip of all, the invoice / receipt PDF, or the invoice's EN 16931 XML. */
export type PurchaseLinkTarget =
  | { readonly fileId: string }
  | { readonly creditNote: string; readonly format: 'pdf' | 'xml' }
  | 'archive'
  | 'invoice'
  | 'invoice-xml';

/**
 * Whom a link was made for, which is who a download through it is recorded for: whoever holds the
 * buyer's access key (`key`), the signed-in buyer (`buyer`), or a member of staff (`staff`, invoices only,
 * each opening recorded as a read of personal data).
 */
export type LinkHolder =
  | { readonly kind: 'key' }
  | { readonly kind: 'buyer'; readonly userId: string }
  | { readonly kind: 'staff'; readonly role: StaffRole; readonly userId: string };

/** Staff who read buyers' data through their own endpoints. */
export type StaffRole = 'admin' | 'accountant';

/** The answer to a link: its holder when the signature holds, else why not. */
export type LinkVerdict =
  { readonly verdict: 'ok' | 'expired'; readonly holder: LinkHolder } | { readonly verdict: 'invalid' };

type QueryValue = string | string[] | undefined;
const single = (value: QueryValue): string | undefined => (typeof value === 'string' ? value : undefined);

const targetPath = (target: PurchaseLinkTarget): string =>
  typeof target === 'string'
    ? target
    : 'fileId' in target
      ? `file/${target.fileId}`
      : `credit-note/${target.creditNote}/${target.format}`;

/** The client's pages of a purchase, by language (SPEC §2 route table). */
const SUMMARY_PATH = { et: '/ostu-kokkuvote/', en: '/en/purchase-summary/' } as const;
const RETURN_PATH = { et: '/maksekeskus/tagasi/', en: '/en/paymentcenter/return/' } as const;
const CANCEL_PATH = { et: '/maksekeskus/katkesta', en: '/en/paymentcenter/cancel' } as const;

/** How the buyer's access key travels in a page address: in the fragment, which browsers never send on. */
export const ACCESS_KEY_FRAGMENT = 'key';

const USER_ID = /^[A-Za-z0-9._:@-]{1,200}$/;

/**
 * The secrets of a purchase (docs/decisions/purchase-access-keys.md):
 * - the buyer's access key, HMAC-SHA256 of the purchase and its current key id under a secret of its own
 *   (43 characters of base64url, 256 bits), which opens the summary; it travels in the fragment of the
 *   return page's and the summary's address, so it never reaches a server log or a Referer;
 * - download, zip and invoice links, signed with HMAC for a time (SPEC §9: about 24 hours) and bound to the
 *   key they were made under, so "fresh links" (a new key) end every older link too;
 * - staff's invoice links, bound to the member of staff and valid for minutes.
 * Links are absolute (PUBLIC_URL), so the same ones work in the browser and in the mail.
 */
@Injectable()
export class PurchaseLinks {
  private readonly publicUrl: string;
  private readonly accessSecret: string;

  constructor(
    @Inject(PURCHASE_LINK_SECRET) private readonly secret: string,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl;
    this.accessSecret = createHmac('sha256', secret).update('purchase-access-keys').digest('hex');
  }

  /** The buyer's access key for the purchase's key `keyId`. */
  accessKey(purchaseId: string, keyId: string): string {
    return createHmac('sha256', this.accessSecret).update(`${purchaseId}/${keyId}`).digest('base64url');
  }

  /** Whether `presented` is the purchase's current access key (constant time). */
  accessKeyMatches(purchaseId: string, keyId: string | null, presented: string | undefined): boolean {
    if (keyId === null || presented === undefined || !/^[A-Za-z0-9_-]{43}$/.test(presented)) return false;
    const expected = Buffer.from(this.accessKey(purchaseId, keyId));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A link to the target for its holder that works until `validUntil`, while `keyId` is the current key. */
  signed(
    purchaseId: string,
    keyId: string,
    target: PurchaseLinkTarget,
    validUntil: Date,
    holder: LinkHolder = { kind: 'key' },
  ): string {
    const expires = String(Math.floor(validUntil.getTime() / 1000));
    const { param, value, payload } = this.holderPart(purchaseId, keyId, target, holder);
    const signature = signBlobLink(this.secret, payload, expires, '');
    const path =
      typeof target === 'string'
        ? { archive: 'archive', invoice: 'invoice', 'invoice-xml': 'invoice.xml' }[target]
        : 'fileId' in target
          ? `files/${encodeURIComponent(target.fileId)}`
          : `credit-notes/${encodeURIComponent(target.creditNote)}${target.format === 'xml' ? '/xml' : ''}`;
    return (
      `${this.publicUrl}/api/purchases/${purchaseId}/${path}` +
      `?${param}=${encodeURIComponent(value)}&expires=${expires}&signature=${signature}`
    );
  }

  /** A member of staff's link to the purchase's invoice, valid until `validUntil` (not bound to any key). */
  signedForStaff(
    purchaseId: string,
    target: PurchaseLinkTarget,
    staff: { readonly role: StaffRole; readonly userId: string },
    validUntil: Date,
  ): string {
    return this.signed(purchaseId, '', target, validUntil, { kind: 'staff', ...staff });
  }

  /**
   * Whether a link's holder, expiry and signature hold for the target at `now`, with the purchase's current
   * key `keyId` (a link made under an older key is invalid).
   */
  verify(
    purchaseId: string,
    keyId: string | null,
    target: PurchaseLinkTarget,
    query: Readonly<Record<string, QueryValue>>,
    now: Date,
  ): LinkVerdict {
    const holder = this.holderOf(query);
    const expires = single(query['expires']);
    const signature = single(query['signature']);
    if (holder === null || expires === undefined || signature === undefined) return { verdict: 'invalid' };
    if (holder.kind !== 'staff' && keyId === null) return { verdict: 'invalid' };
    const { payload } = this.holderPart(purchaseId, keyId ?? '', target, holder);
    const verdict = verifyBlobSignature(this.secret, payload, expires, '', signature, now.getTime());
    return verdict === 'invalid' ? { verdict } : { verdict, holder };
  }

  private holderOf(query: Readonly<Record<string, QueryValue>>): LinkHolder | null {
    const staff = single(query['staff']);
    const by = single(query['by']);
    if (staff !== undefined && by === undefined) {
      const [role, ...rest] = staff.split(':');
      const userId = rest.join(':');
      if ((role !== 'admin' && role !== 'accountant') || !USER_ID.test(userId)) return null;
      return { kind: 'staff', role, userId };
    }
    if (by === undefined || staff !== undefined) return null;
    if (by === 'key') return { kind: 'key' };
    return by.startsWith('user:') && USER_ID.test(by.slice(5))
      ? { kind: 'buyer', userId: by.slice(5) }
      : null;
  }

  private holderPart(purchaseId: string, keyId: string, target: PurchaseLinkTarget, holder: LinkHolder) {
    switch (holder.kind) {
      case 'staff': {
        const value = `${holder.role}:${holder.userId}`;
        return {
          param: 'staff',
          value,
          payload: `staff/${value}/purchase/${purchaseId}/${targetPath(target)}`,
        };
      }
      case 'buyer':
      case 'key': {
        const value = holder.kind === 'key' ? 'key' : `user:${holder.userId}`;
        return {
          param: 'by',
          value,
          payload: `purchase/${purchaseId}/${keyId}/${targetPath(target)}/${value}`,
        };
      }
    }
  }

  /** The purchase summary page; with the access key in its fragment when `key` is given. */
  summaryUrl(purchaseId: string, language: 'et' | 'en', key?: string): string {
    return `${this.publicUrl}${SUMMARY_PATH[language]}${purchaseId}${fragment(key)}`;
  }

  /** The payment return page, with the buyer's access key in its fragment. */
  paymentReturnUrl(purchaseId: string, language: 'et' | 'en', key?: string): string {
    return `${this.publicUrl}${RETURN_PATH[language]}${purchaseId}${fragment(key)}`;
  }

  paymentCancelUrl(language: 'et' | 'en'): string {
    return `${this.publicUrl}${CANCEL_PATH[language]}`;
  }

  /**
   * Where MakeCommerce sends the buyer and its own notifications (outside /api: form-encoded posts). The
   * cancel address names the purchase's language, so a buyer who comes back without a signed message still
   * lands on the cancel page in their language.
   */
  gatewayCallbackUrls(language?: 'et' | 'en'): {
    returnUrl: string;
    cancelUrl: string;
    notificationUrl: string;
  } {
    const base = `${this.publicUrl}/payments/makecommerce`;
    return {
      returnUrl: `${base}/return`,
      cancelUrl: language === undefined ? `${base}/cancel` : `${base}/cancel?lang=${language}`,
      notificationUrl: `${base}/notification`,
    };
  }

  /** The shop's page that opens the gateway's in-page card form for a transaction (cards without a page). */
  cardPaymentUrl(transactionId: string, language: 'et' | 'en'): string {
    return `${this.publicUrl}/payments/makecommerce/card/${encodeURIComponent(transactionId)}?lang=${language}`;
  }
}

const fragment = (key: string | undefined): string =>
  key === undefined ? '' : `#${ACCESS_KEY_FRAGMENT}=${key}`;
