import type { PurchaseLinkTarget } from '../../commands/purchase/purchase-links';
import { downloadFileName } from '../../domain/purchase/purchase-naming';
import type {
  PurchaseView,
  RefundRequestView,
  RefundView,
} from '../../projections/purchases/purchases.read-model';

/** How long invoice and receipt links shown on a page work. */
const DOCUMENT_LINK_MS = 24 * 60 * 60 * 1000;

/** Makes a purchase link for whoever the summary is for (the buyer's key, or the signed-in buyer). */
export type LinkMaker = (target: PurchaseLinkTarget, validUntil: Date) => string;

export interface PurchaseSummaryFile {
  readonly fileId: string;
  readonly title: string;
  readonly fileName: string;
  readonly format: string;
  readonly sizeKb: number;
  readonly pages: number | null;
  /** Null while unpaid, after the links ran out, or when the file has no stored bytes. */
  readonly downloadUrl: string | null;
}

/** A purchase as its buyer sees it (SPEC §2 purchase confirmation; docs/api.md). */
export interface PurchaseSummary {
  readonly id: string;
  readonly number: string;
  readonly status: PurchaseView['status'];
  readonly createdAt: string;
  readonly activeUntil: string;
  readonly paidAt: string | null;
  readonly canceledAt: string | null;
  readonly cancelReason: PurchaseView['cancelReason'];
  /** A payment arrived after the purchase had ended (or twice): it is owed back, nothing was delivered. */
  readonly refundDue: boolean;
  readonly language: 'et' | 'en';
  readonly payer: PurchaseView['payer'];
  readonly paymentMethod: string;
  readonly documents: readonly {
    readonly documentId: string;
    readonly slug: string;
    readonly title: string;
    readonly uploaderName: string;
    readonly price: number;
    /** Its money was given back (or is on its way back): its files can no longer be downloaded. */
    readonly refunded: boolean;
    readonly files: readonly PurchaseSummaryFile[];
  }[];
  /** What completed refunds gave back, cents. */
  readonly refundedAmount: number;
  /** Completed refunds of the sale, each with its credit note (or refund receipt) once numbered. */
  readonly refundsDone: readonly {
    readonly refundId: string;
    readonly amount: number;
    readonly reason: string;
    readonly completedAt: string | null;
    readonly documents: readonly string[];
    readonly creditNote: RefundRequestView['creditNote'];
    /** The credit note's PDF (null until numbered, or without links). */
    readonly creditNoteUrl: string | null;
    /** The credit note as EN 16931 XML where the sale had an invoice (null for a refund receipt). */
    readonly creditNoteXmlUrl: string | null;
  }[];
  /** price: what the buyer paid; taxableAmount: the net; vat: the VAT on the whole purchase. */
  readonly totals: { readonly price: number; readonly vat: number; readonly taxableAmount: number };
  /** How the purchase is taxed: the treatment, the rate, whose VAT, and where the buyer is. */
  readonly vat: {
    readonly treatment: string;
    readonly rate: number;
    readonly vatCountry: string | null;
    readonly buyerCountry: string | null;
  };
  readonly linksValidUntil: string | null;
  readonly linksExpired: boolean;
  readonly archiveUrl: string | null;
  readonly invoice: {
    readonly companyName: string;
    readonly registryCode: string;
    readonly vatNumber: string | null;
    readonly number: string | null;
  } | null;
  /** The invoice PDF when one was asked for (once numbered), else the receipt; null until paid. */
  readonly documentUrl: string | null;
  /** The invoice's or the receipt's own number; null until given (receipts of older purchases have none). */
  readonly documentNumber: string | null;
  /** The invoice as an EN 16931 e-invoice (UBL 2.1, Peppol BIS Billing 3.0); null for receipts. */
  readonly eInvoiceUrl: string | null;
}

/** The payments of a purchase owed back (documents written before refunds were flagged have none). */
export const refundsOf = (view: PurchaseView): readonly RefundView[] => view.refunds ?? [];

/** The documents whose links no longer work because their money was given back. */
export const refundedDocumentsOf = (view: PurchaseView): ReadonlySet<string> =>
  new Set(view.refundedDocumentIds ?? []);

/** Whether the purchase's invoice (or receipt) can be issued now: paid, and numbered when asked for. */
export const invoiceReady = (view: PurchaseView): boolean =>
  view.status === 'paid' && (view.invoice === null || view.invoiceNumber !== null);

/**
 * The summary, with links made by `linkFor` (null: no links at all, as staff see a purchase: they open
 * the invoice through their own audited link instead).
 */
export function toPurchaseSummary(view: PurchaseView, now: Date, linkFor: LinkMaker | null): PurchaseSummary {
  const validUntil = view.linksValidUntil ? new Date(view.linksValidUntil) : null;
  const linksLive = view.status === 'paid' && validUntil !== null && now < validUntil;
  const link = (target: PurchaseLinkTarget, until: Date | null): string | null =>
    linkFor !== null && until !== null ? linkFor(target, until) : null;
  const refunded = refundedDocumentsOf(view);
  const documentLinkUntil = new Date(now.getTime() + DOCUMENT_LINK_MS);
  return {
    id: view._id,
    number: view.number,
    status: view.status,
    createdAt: view.createdAt,
    activeUntil: view.activeUntil,
    paidAt: view.paidAt,
    canceledAt: view.canceledAt,
    cancelReason: view.cancelReason,
    refundDue: view.refundDue ?? false,
    language: view.language,
    payer: view.payer,
    paymentMethod: view.paymentMethod,
    documents: view.lines.map((line) => ({
      documentId: line.documentId,
      slug: line.slug,
      title: line.title,
      uploaderName: line.uploaderName,
      price: line.price,
      refunded: refunded.has(line.documentId),
      files: line.files.map((file) => ({
        fileId: file.fileId,
        title: file.title,
        fileName: downloadFileName(file),
        format: file.format,
        sizeKb: file.sizeKb,
        pages: file.pages,
        downloadUrl:
          linksLive && file.blobKey !== null && !refunded.has(line.documentId)
            ? link({ fileId: file.fileId }, validUntil)
            : null,
      })),
    })),
    totals: { price: view.totals.price, vat: view.totals.vat, taxableAmount: view.totals.licenceFee },
    vat: {
      treatment: view.vat.treatment,
      rate: view.vat.rate,
      vatCountry: view.vat.vatCountry,
      buyerCountry: view.vat.buyerCountry,
    },
    linksValidUntil: view.linksValidUntil,
    linksExpired: view.status === 'paid' && !linksLive,
    archiveUrl:
      linksLive &&
      view.lines.some(
        (line) => !refunded.has(line.documentId) && line.files.some((file) => file.blobKey !== null),
      )
        ? link('archive', validUntil)
        : null,
    invoice: view.invoice ? { ...view.invoice, number: view.invoiceNumber } : null,
    documentUrl: invoiceReady(view) ? link('invoice', new Date(now.getTime() + DOCUMENT_LINK_MS)) : null,
    documentNumber: view.invoiceNumber ?? view.receiptNumber ?? null,
    eInvoiceUrl:
      invoiceReady(view) && view.invoice !== null
        ? link('invoice-xml', new Date(now.getTime() + DOCUMENT_LINK_MS))
        : null,
    refundedAmount: view.refundedAmount ?? 0,
    refundsDone: (view.refundRequests ?? [])
      .filter((r) => r.kind === 'sale' && r.status === 'completed')
      .map((r) => ({
        refundId: r.refundId,
        amount: r.amount,
        reason: r.reason,
        completedAt: r.completedAt,
        documents: r.documents.map((d) => d.title),
        creditNote: r.creditNote,
        creditNoteUrl:
          r.creditNote !== null ? link({ creditNote: r.refundId, format: 'pdf' }, documentLinkUntil) : null,
        creditNoteXmlUrl:
          r.creditNote?.kind === 'credit-note'
            ? link({ creditNote: r.refundId, format: 'xml' }, documentLinkUntil)
            : null,
      })),
  };
}
