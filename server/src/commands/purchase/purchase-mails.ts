import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  type PurchaseState,
  type RefundState,
  refundedDocumentIds,
} from '../../domain/purchase/purchase.decider';
import { downloadFileName, purchaseNumber } from '../../domain/purchase/purchase-naming';
import { MAILER, type Mailer } from '../../infrastructure/mail/mail.port';
import { PurchaseLinks } from './purchase-links';

type Purchase = Exclude<PurchaseState, { status: 'none' }>;
type Language = 'et' | 'en';

/** The texts, exported for the Estonian voice test (test/texts/estonian-voice.spec.ts). */
export const TEXTS = {
  et: {
    confirmationSubject: (number: string) => `Teie ost Lepinguturul (nr ${number})`,
    freeSubject: (number: string) => `Teie tasuta dokumendid Lepinguturult (nr ${number})`,
    free: 'Siin on teie tasuta dokumendid. Saate need alla laadida allolevatelt linkidelt.',
    freshLinksSubject: (number: string) => `Uued allalaadimislingid (ost nr ${number})`,
    failedSubject: (number: string) => `Makse ei õnnestunud (ost nr ${number})`,
    greeting: (name: string) => (name ? `Tere, ${name}!` : 'Tere!'),
    thanks: 'Täname ostu eest. Dokumendid saate alla laadida allolevatelt linkidelt.',
    fresh: 'Saatsime teie soovil uued allalaadimislingid.',
    uploader: 'Üleslaadija',
    all: 'Kõik failid korraga (zip)',
    valid: (until: string) =>
      `Lingid kehtivad kuni ${until} (umbes 24 tundi). Kui need aeguvad, saate ostu kokkuvõtte lehelt küsida uued.`,
    summary: 'Ostu kokkuvõte',
    invoice: (number: string) => `Arve ${number} (PDF)`,
    receipt: 'Kviitung (PDF)',
    total: 'Kokku makstud',
    vat: 'sh käibemaks',
    reverseCharge: 'pöördmaksustamine, käibemaksu ei lisandu',
    outsideEu: 'ELi käibemaksu ei ole',
    failed:
      'Teie makse ei õnnestunud ja ostu ei tehtud. Ostukorv on alles: võite proovida uuesti või valida teise makseviisi.',
    cart: 'Ostukorv',
    refundSubject: (number: string) => `Raha tagastamine (ost nr ${number})`,
    refunded: (amount: string) => `Tagastasime teile ${amount} järgmiste dokumentide eest:`,
    refundedPayment: (amount: string) =>
      `Tagastasime teile ${amount}: see makse saabus ostu eest, mis oli juba lõppenud, ja midagi ei tarnitud.`,
    refundReason: (reason: string) => `Põhjus: ${reason}`,
    refundLinks:
      'Nende dokumentide allalaadimislingid enam ei tööta. Raha jõuab teie kontole makseviisi kaudu, millega tasusite, tavaliselt mõne tööpäeva jooksul.',
    creditNote: (number: string) => `Kreeditarve ${number} (PDF)`,
    refundReceipt: (number: string) => `Tagastuskviitung ${number} (PDF)`,
    legal: 'Lepinguturg ei asenda õigusabi.',
    signature: 'Lepinguturg',
  },
  en: {
    confirmationSubject: (number: string) => `Your purchase at Lepinguturg (no. ${number})`,
    freeSubject: (number: string) => `Your free documents from Lepinguturg (no. ${number})`,
    free: 'Here are your free documents. You can download them from the links below.',
    freshLinksSubject: (number: string) => `Fresh download links (purchase no. ${number})`,
    failedSubject: (number: string) => `Your payment did not go through (purchase no. ${number})`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    thanks: 'Thank you for your purchase. You can download the documents from the links below.',
    fresh: 'Here are the fresh download links you asked for.',
    uploader: 'Uploader',
    all: 'All files at once (zip)',
    valid: (until: string) =>
      `The links are valid until ${until} (about 24 hours). If they expire, you can ask for new ones on the purchase summary page.`,
    summary: 'Purchase summary',
    invoice: (number: string) => `Invoice ${number} (PDF)`,
    receipt: 'Receipt (PDF)',
    total: 'Total paid',
    vat: 'incl. VAT',
    reverseCharge: 'reverse charge, no VAT charged',
    outsideEu: 'no EU VAT',
    failed:
      'Your payment did not go through and nothing was bought. Your basket is kept: you can try again or choose another payment method.',
    cart: 'Basket',
    refundSubject: (number: string) => `Your refund (purchase no. ${number})`,
    refunded: (amount: string) => `We have refunded ${amount} for these documents:`,
    refundedPayment: (amount: string) =>
      `We have refunded ${amount}: this payment arrived for a purchase that had already ended, and nothing was delivered.`,
    refundReason: (reason: string) => `Reason: ${reason}`,
    refundLinks:
      'The download links of these documents no longer work. The money reaches your account through the payment method you paid with, usually within a few working days.',
    creditNote: (number: string) => `Credit note ${number} (PDF)`,
    refundReceipt: (number: string) => `Refund receipt ${number} (PDF)`,
    legal: 'Lepinguturg does not replace legal advice.',
    signature: 'Lepinguturg',
  },
} as const;

/** How long the credit note link in a refund mail works (the summary page always offers a fresh one). */
const CREDIT_NOTE_LINK_MS = 30 * 24 * 60 * 60 * 1000;

const CART_PATH: Readonly<Record<Language, string>> = { et: '/ostukorv', en: '/en/cart' };

/** DD.MM.YYYY HH:mm in Estonian time (the shop's time zone), as every date the product shows. */
export function formatShopDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`;
}

export function formatEuros(cents: number, language: Language): string {
  return new Intl.NumberFormat(language === 'et' ? 'et-EE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Block {
  readonly text: string;
  readonly html: string;
}

const paragraph = (text: string): Block => ({ text, html: `<p>${escapeHtml(text)}</p>` });
const link = (label: string, url: string): Block => ({
  text: `${label}: ${url}`,
  html: `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
});

/**
 * The purchase mails, in the buyer's language, through the mail port: the confirmation with every
 * download link, fresh links on request (to the payer's own address only), and a failed payment.
 */
@Injectable()
export class PurchaseMails {
  private readonly publicUrl: string;

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly links: PurchaseLinks,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.publicUrl;
  }

  /** The confirmation; for free documents (nothing paid) without any word of paying. */
  purchaseConfirmation(purchase: Purchase, invoiceNumber: string | null): Promise<void> {
    const t = TEXTS[purchase.language];
    const free = purchase.total === 0;
    const number = purchaseNumber(purchase.purchaseId);
    return this.send(purchase, free ? t.freeSubject(number) : t.confirmationSubject(number), [
      paragraph(t.greeting(purchase.payer.firstName)),
      paragraph(free ? t.free : t.thanks),
      ...this.downloads(purchase, invoiceNumber),
    ]);
  }

  freshLinks(purchase: Purchase, invoiceNumber: string | null): Promise<void> {
    const t = TEXTS[purchase.language];
    return this.send(purchase, t.freshLinksSubject(purchaseNumber(purchase.purchaseId)), [
      paragraph(t.greeting(purchase.payer.firstName)),
      paragraph(t.fresh),
      ...this.downloads(purchase, invoiceNumber),
    ]);
  }

  paymentFailed(purchase: Purchase): Promise<void> {
    const t = TEXTS[purchase.language];
    return this.send(purchase, t.failedSubject(purchaseNumber(purchase.purchaseId)), [
      paragraph(t.greeting(purchase.payer.firstName)),
      paragraph(t.failed),
      link(t.cart, `${this.publicUrl}${CART_PATH[purchase.language]}`),
    ]);
  }

  /**
   * The refund notice, in the purchase's language: what was given back and for which documents, the admin's
   * reason, that their links no longer work, and the credit note (or refund receipt) once it has a number.
   */
  refundCompleted(
    purchase: Purchase,
    refund: RefundState,
    creditNote: { kind: 'credit-note' | 'refund-receipt'; number: string } | null,
  ): Promise<void> {
    const t = TEXTS[purchase.language];
    const amount = formatEuros(refund.amount, purchase.language);
    const blocks: Block[] = [paragraph(t.greeting(purchase.payer.firstName))];
    if (refund.kind === 'payment-due') {
      blocks.push(paragraph(t.refundedPayment(amount)), paragraph(t.refundReason(refund.reason)));
    } else {
      blocks.push(
        paragraph(t.refunded(amount)),
        ...refund.lines.map((line) =>
          paragraph(`– ${line.title} (${formatEuros(line.price, purchase.language)})`),
        ),
        paragraph(t.refundReason(refund.reason)),
        paragraph(t.refundLinks),
      );
      const keyId = purchase.accessKeyId;
      if (keyId !== null) {
        if (creditNote !== null) {
          blocks.push(
            link(
              creditNote.kind === 'credit-note'
                ? t.creditNote(creditNote.number)
                : t.refundReceipt(creditNote.number),
              this.links.signed(
                purchase.purchaseId,
                keyId,
                { creditNote: refund.refundId, format: 'pdf' },
                new Date(Date.now() + CREDIT_NOTE_LINK_MS),
              ),
            ),
          );
        }
        const key = this.links.accessKey(purchase.purchaseId, keyId);
        blocks.push(link(t.summary, this.links.summaryUrl(purchase.purchaseId, purchase.language, key)));
      }
    }
    return this.send(purchase, t.refundSubject(purchaseNumber(purchase.purchaseId)), blocks);
  }

  /** Every link of the purchase, made under its current access key (the summary link carries the key). */
  private downloads(purchase: Purchase, invoiceNumber: string | null): Block[] {
    const t = TEXTS[purchase.language];
    const keyId = purchase.accessKeyId;
    if (keyId === null) throw new Error(`Purchase ${purchase.purchaseId} has no access key to mail`);
    const key = this.links.accessKey(purchase.purchaseId, keyId);
    const validUntil = new Date(purchase.linksValidUntil ?? Date.now());
    const blocks: Block[] = [];
    const refunded = refundedDocumentIds(purchase);
    for (const line of purchase.lines.filter((l) => !refunded.has(l.documentId))) {
      blocks.push({
        text: `\n${line.title} (${t.uploader}: ${line.uploaderName})`,
        html: `<h3>${escapeHtml(line.title)}</h3><p>${t.uploader}: ${escapeHtml(line.uploaderName)}</p>`,
      });
      for (const file of line.files) {
        if (file.blobKey === null) continue;
        blocks.push(
          link(
            downloadFileName(file),
            this.links.signed(purchase.purchaseId, keyId, { fileId: file.fileId }, validUntil),
          ),
        );
      }
    }
    blocks.push(
      { text: '', html: '' },
      link(t.all, this.links.signed(purchase.purchaseId, keyId, 'archive', validUntil)),
      paragraph(t.valid(formatShopDateTime(validUntil.toISOString()))),
    );
    // Nothing paid for free documents: no receipt and no total to speak of.
    if (purchase.total > 0)
      blocks.push(
        link(
          invoiceNumber === null ? t.receipt : t.invoice(invoiceNumber),
          this.links.signed(purchase.purchaseId, keyId, 'invoice', validUntil),
        ),
      );
    blocks.push(link(t.summary, this.links.summaryUrl(purchase.purchaseId, purchase.language, key)));
    if (purchase.total > 0)
      blocks.push(
        paragraph(
          `${t.total}: ${formatEuros(purchase.total, purchase.language)} (${
            purchase.vat.treatment === 'reverse-charge'
              ? t.reverseCharge
              : purchase.vat.treatment === 'outside-scope'
                ? t.outsideEu
                : `${t.vat} ${formatEuros(
                    purchase.lines.reduce((sum, l) => sum + l.vat, 0),
                    purchase.language,
                  )}`
          })`,
        ),
      );
    return blocks;
  }

  private async send(purchase: Purchase, subject: string, blocks: readonly Block[]): Promise<void> {
    const t = TEXTS[purchase.language];
    const all = [...blocks, paragraph(t.legal), paragraph(t.signature)];
    await this.mailer.send({
      to: purchase.payer.email,
      subject,
      text: all.map((b) => b.text).join('\n'),
      html: `<!doctype html><html lang="${purchase.language}"><body>${all.map((b) => b.html).join('\n')}</body></html>`,
    });
  }
}
