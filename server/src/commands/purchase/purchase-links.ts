import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { signBlobLink, verifyBlobSignature } from '../../infrastructure/blob-store/blob-link-signature';

/** Injection token: the secret (a string) that signs purchase links; derived from the blob-link secret. */
export const PURCHASE_LINK_SECRET = Symbol('PurchaseLinkSecret');

/** What a purchase link opens: one file, the zip of all, the invoice / receipt PDF, or the invoice's EN 16931 XML. */
export type PurchaseLinkTarget = { readonly fileId: string } | 'archive' | 'invoice' | 'invoice-xml';

const targetKey = (purchaseId: string, target: PurchaseLinkTarget): string =>
  `purchase/${purchaseId}/${typeof target === 'string' ? target : `file/${target.fileId}`}`;

/** The client's pages of a purchase, by language (SPEC §2 route table). */
const SUMMARY_PATH = { et: '/ostu-kokkuvote/', en: '/en/purchase-summary/' } as const;
const RETURN_PATH = { et: '/maksekeskus/tagasi/', en: '/en/paymentcenter/return/' } as const;
const CANCEL_PATH = { et: '/maksekeskus/katkesta', en: '/en/paymentcenter/cancel' } as const;

/**
 * The links of a purchase: downloads, the zip and the invoice, signed with HMAC for a time (SPEC §9: about
 * 24 hours), and the client pages a buyer is sent to. Links are absolute (PUBLIC_URL), so the same ones
 * work in the browser and in the mail.
 */
@Injectable()
export class PurchaseLinks {
  private readonly publicUrl: string;

  constructor(
    @Inject(PURCHASE_LINK_SECRET) private readonly secret: string,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl;
  }

  /** A link to the target that works until `validUntil`. */
  signed(purchaseId: string, target: PurchaseLinkTarget, validUntil: Date): string {
    const expires = String(Math.floor(validUntil.getTime() / 1000));
    const signature = signBlobLink(this.secret, targetKey(purchaseId, target), expires, '');
    const path =
      typeof target === 'string'
        ? { archive: 'archive', invoice: 'invoice', 'invoice-xml': 'invoice.xml' }[target]
        : `files/${encodeURIComponent(target.fileId)}`;
    return `${this.publicUrl}/api/purchases/${purchaseId}/${path}?expires=${expires}&signature=${signature}`;
  }

  /** Whether a link's expiry and signature hold for the target at `now`. */
  verify(
    purchaseId: string,
    target: PurchaseLinkTarget,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): 'ok' | 'expired' | 'invalid' {
    if (expires === undefined || signature === undefined) return 'invalid';
    return verifyBlobSignature(
      this.secret,
      targetKey(purchaseId, target),
      expires,
      '',
      signature,
      now.getTime(),
    );
  }

  summaryUrl(purchaseId: string, language: 'et' | 'en'): string {
    return `${this.publicUrl}${SUMMARY_PATH[language]}${purchaseId}`;
  }

  paymentReturnUrl(purchaseId: string, language: 'et' | 'en'): string {
    return `${this.publicUrl}${RETURN_PATH[language]}${purchaseId}`;
  }

  paymentCancelUrl(language: 'et' | 'en'): string {
    return `${this.publicUrl}${CANCEL_PATH[language]}`;
  }

  /** Where MakeCommerce sends the buyer and its own notifications (outside /api: form-encoded posts). */
  gatewayCallbackUrls(): { returnUrl: string; cancelUrl: string; notificationUrl: string } {
    const base = `${this.publicUrl}/payments/makecommerce`;
    return {
      returnUrl: `${base}/return`,
      cancelUrl: `${base}/cancel`,
      notificationUrl: `${base}/notification`,
    };
  }
}
