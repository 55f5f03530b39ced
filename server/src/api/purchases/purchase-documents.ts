import type { SellerConfig } from '../../config/app-config';
import { ledgerDay } from '../../domain/ledger/ledger-day';
import { paymentMethodLabel } from '../../domain/purchase/purchase-naming';
import { DomainError } from '../../domain/shared/domain-error';
import type { PurchaseView } from '../../projections/purchases/purchases.read-model';
import type { PurchasePdfData } from './purchase-pdf';
import type { UblDocumentData } from './ubl-document';

/** The shop's own country (the seller is an Estonian company). */
const SELLER_COUNTRY = 'EE';

/** The buyer as the invoice names them: the company when an invoice was asked for, else the payer. */
function buyerOf(view: PurchaseView) {
  return {
    name: view.invoice?.companyName ?? `${view.payer.firstName} ${view.payer.lastName}`,
    address: view.payer.address,
    country: view.payer.country ?? view.vat.buyerCountry ?? SELLER_COUNTRY,
    email: view.payer.email,
    registryCode: view.invoice?.registryCode ?? null,
    vatNumber: view.invoice?.vatNumber ?? null,
  };
}

/** A paid purchase's invoice (asked for and numbered) or receipt, as the PDF draws it. */
export function purchasePdfData(view: PurchaseView, seller: SellerConfig): PurchasePdfData {
  if (view.status !== 'paid' || view.paidAt === null) throw new DomainError('PURCHASE.NOT_PAID');
  if (view.invoice !== null && view.invoiceNumber === null) throw new DomainError('INVOICE.NOT_READY');
  const kind = view.invoice !== null ? 'invoice' : 'receipt';
  return {
    kind,
    language: view.language,
    number: view.invoiceNumber ?? view.receiptNumber ?? view.number,
    purchaseNumber: view.number,
    issuedAt: view.invoiceIssuedAt ?? view.receiptIssuedAt ?? view.paidAt,
    suppliedAt: view.paidAt,
    seller,
    buyer: buyerOf(view),
    lines: view.lines.map((line) => ({
      title: line.title,
      uploaderName: line.uploaderName,
      net: line.licenceFee,
      vatRate: line.vatRate,
    })),
    vat: view.vat,
    totals: { taxableAmount: view.totals.licenceFee, vat: view.totals.vat, total: view.totals.price },
    paymentMethod: paymentMethodLabel(view.paymentMethod),
  };
}

/** The licence line, exported for the Estonian voice test (test/texts/estonian-voice.spec.ts). */
export const LICENCE = {
  et: (uploader: string) => `Dokumendipõhja litsents (digitaalne sisu), üleslaadija ${uploader}`,
  en: (uploader: string) => `Licence of a document template (digital content), uploader ${uploader}`,
} as const;

/** A paid purchase's VAT invoice as an EN 16931 UBL document; receipts are not invoices and have none. */
export function purchaseUblData(view: PurchaseView, seller: SellerConfig): UblDocumentData {
  if (view.status !== 'paid' || view.paidAt === null) throw new DomainError('PURCHASE.NOT_PAID');
  if (view.invoice === null) throw new DomainError('INVOICE.NOT_REQUESTED');
  if (view.invoiceNumber === null || view.invoiceIssuedAt === null)
    throw new DomainError('INVOICE.NOT_READY');
  const notes = {
    'reverse-charge': view.language === 'et' ? 'Pöördmaksustamine' : 'Reverse charge',
    'outside-scope':
      view.language === 'et' ? 'Ei kuulu ELi käibemaksuga maksustamisele' : 'Not subject to EU VAT',
    domestic: null,
    oss: null,
  } as const;
  return {
    kind: 'invoice',
    number: view.invoiceNumber,
    issueDate: ledgerDay(view.invoiceIssuedAt),
    deliveryDate: ledgerDay(view.paidAt),
    buyerReference: view.number,
    seller: { ...seller, country: SELLER_COUNTRY },
    buyer: buyerOf(view),
    vat: view.vat,
    lines: view.lines.map((line) => ({
      name: line.title,
      description: LICENCE[view.language](line.uploaderName),
      net: line.licenceFee,
    })),
    totals: { taxableAmount: view.totals.licenceFee, vat: view.totals.vat, total: view.totals.price },
    prepaid: view.totals.price,
    note: notes[view.vat.treatment],
  };
}

/** A completed, numbered refund of the purchase's sale (its credit note or refund receipt); else 404 / 409. */
function numberedRefund(view: PurchaseView, refundId: string) {
  const refund = (view.refundRequests ?? []).find((r) => r.refundId === refundId && r.kind === 'sale');
  if (!refund) throw new DomainError('REFUND.NOT_FOUND');
  if (refund.status !== 'completed' || refund.creditNote === null)
    throw new DomainError('CREDIT_NOTE.NOT_READY');
  return { refund, creditNote: refund.creditNote };
}

/** The refunded lines with the sale's own figures (net, VAT share, price), from the purchase's lines. */
function refundedLines(view: PurchaseView, documentIds: readonly string[]) {
  return view.lines.filter((line) => documentIds.includes(line.documentId));
}

/**
 * A refund's credit note (the sale had an invoice) or refund receipt as the PDF draws it: the refunded lines
 * with the sale's own amounts, negative, the VAT treatment of the sale, and the document it corrects.
 */
export function creditNotePdfData(
  view: PurchaseView,
  refundId: string,
  seller: SellerConfig,
): PurchasePdfData {
  const { refund, creditNote } = numberedRefund(view, refundId);
  const lines = refundedLines(
    view,
    refund.documents.map((d) => d.documentId),
  );
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    kind: creditNote.kind,
    corrects: {
      number: creditNote.corrects,
      issuedAt: view.invoiceIssuedAt ?? view.receiptIssuedAt ?? view.paidAt ?? creditNote.issuedAt,
    },
    reason: refund.reason,
    language: view.language,
    number: creditNote.number,
    purchaseNumber: view.number,
    issuedAt: creditNote.issuedAt,
    suppliedAt: view.paidAt ?? creditNote.issuedAt,
    seller,
    buyer: buyerOf(view),
    lines: lines.map((line) => ({
      title: line.title,
      uploaderName: line.uploaderName,
      net: -line.licenceFee,
      vatRate: line.vatRate,
    })),
    vat: view.vat,
    totals: {
      taxableAmount: -sum((l) => l.licenceFee),
      vat: -sum((l) => l.vat),
      total: -sum((l) => l.price),
    },
    paymentMethod: paymentMethodLabel(view.paymentMethod),
  };
}

/**
 * A refund's credit note as an EN 16931 UBL CreditNote (type 381), referencing the invoice it corrects
 * (BG-3 BillingReference); a refund receipt corrects a receipt, which had no e-invoice, and has none.
 */
export function creditNoteUblData(
  view: PurchaseView,
  refundId: string,
  seller: SellerConfig,
): UblDocumentData {
  const { refund, creditNote } = numberedRefund(view, refundId);
  if (creditNote.kind !== 'credit-note' || view.invoiceIssuedAt === null || view.paidAt === null)
    throw new DomainError('INVOICE.NOT_REQUESTED');
  const invoice = purchaseUblData(view, seller);
  const lines = refundedLines(
    view,
    refund.documents.map((d) => d.documentId),
  );
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const reason = view.language === 'et' ? `Tagastamine: ${refund.reason}` : `Refund: ${refund.reason}`;
  return {
    ...invoice,
    kind: 'credit-note',
    number: creditNote.number,
    issueDate: ledgerDay(creditNote.issuedAt),
    precedingInvoice: { number: creditNote.corrects, issueDate: ledgerDay(view.invoiceIssuedAt) },
    lines: lines.map((line) => ({
      name: line.title,
      description: LICENCE[view.language](line.uploaderName),
      net: line.licenceFee,
    })),
    totals: { taxableAmount: sum((l) => l.licenceFee), vat: sum((l) => l.vat), total: sum((l) => l.price) },
    // The money went back to the buyer at once: nothing is left to pay back.
    prepaid: sum((l) => l.price),
    note: invoice.note === null ? reason : `${invoice.note}. ${reason}`,
  };
}
