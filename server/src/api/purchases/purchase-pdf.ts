import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { SellerConfig } from '../../config/app-config';
import type { VatDecision } from '../../domain/vat/vat-decision';

/**
 * A VAT invoice (the buyer asked for one) or a receipt (everyone else) of a paid purchase; or, for a refund,
 * the credit note of an invoice or the refund receipt of a receipt (amounts negative, `corrects` the
 * document it reverses, `reason` the admin's).
 */
export interface PurchasePdfData {
  readonly kind: 'invoice' | 'receipt' | 'credit-note' | 'refund-receipt';
  /** A credit note's or refund receipt's original document: its number and issue date. */
  readonly corrects?: { readonly number: string; readonly issuedAt: string };
  readonly reason?: string;
  readonly language: 'et' | 'en';
  /** The invoice number (its own gap-free series), or the purchase number on a receipt. */
  readonly number: string;
  readonly purchaseNumber: string;
  readonly issuedAt: string;
  /** When the service was supplied: the payment, after which the files were delivered at once. */
  readonly suppliedAt: string;
  readonly seller: SellerConfig;
  readonly buyer: {
    readonly name: string;
    readonly address: string;
    readonly email: string;
    readonly registryCode: string | null;
    readonly vatNumber: string | null;
  };
  readonly lines: readonly {
    readonly title: string;
    readonly uploaderName: string;
    /** Price without VAT (the licence fee), cents. */
    readonly net: number;
    readonly vatRate: number;
  }[];
  /** The purchase's VAT: its treatment and the amounts on the whole document (one rate). */
  readonly vat: Pick<VatDecision, 'treatment' | 'reason' | 'buyerCountry' | 'vatCountry' | 'rate'>;
  readonly totals: { readonly taxableAmount: number; readonly vat: number; readonly total: number };
  readonly paymentMethod: string;
}

/** The texts, exported for the Estonian voice test (test/texts/estonian-voice.spec.ts). */
export const TEXTS = {
  et: {
    invoice: 'ARVE',
    receipt: 'KVIITUNG',
    'credit-note': 'KREEDITARVE',
    'refund-receipt': 'TAGASTUSKVIITUNG',
    corrects: 'Parandatav dokument',
    correctsDate: 'Parandatava dokumendi kuupäev',
    reason: 'Tagastamise põhjus',
    refunded: (date: string, method: string) =>
      `Summa tagastatud ostjale ${date} (${method}). Selle dokumendi litsentsid on lõppenud.`,
    totalRefunded: 'Kokku tagastatud (EUR)',
    receiptNote: 'See on maksekviitung, mitte käibemaksuarve.',
    number: 'Number',
    issued: 'Kuupäev',
    supplied: 'Teenuse osutamise kuupäev',
    purchase: 'Ost',
    seller: 'Müüja',
    buyer: 'Ostja',
    registryCode: 'Registrikood',
    vatNumber: 'KMKR nr',
    item: 'Kirjeldus',
    quantity: 'Kogus',
    net: 'Hind km-ta',
    rate: 'KM %',
    vat: 'Käibemaks',
    gross: 'Summa',
    licence: (uploader: string) => `Dokumendipõhja litsents (digitaalne sisu), üleslaadija ${uploader}`,
    taxable: (rate: string) => `Maksustatav summa ${rate}`,
    vatAt: (rate: string) => `Käibemaks ${rate}`,
    totalNet: 'Kokku km-ta',
    totalVat: 'Käibemaks kokku',
    total: 'Kokku tasutud (EUR)',
    paid: (date: string, method: string) => `Tasutud ${date} (${method}). Tasumisele ei kuulu midagi.`,
    legal: 'Lepinguturg ei asenda õigusabi.',
    reverseCharge: 'Pöördmaksustamine',
    reverseChargeNote:
      'Käibemaksu tasub teenuse saaja (pöördmaksustamine, nõukogu direktiivi 2006/112/EÜ art 44 ja 196).',
    outsideScope: 'Ei kuulu ELi käibemaksuga maksustamisele',
    outsideScopeNote:
      'Teenuse osutamise koht on väljaspool Euroopa Liitu (direktiivi 2006/112/EÜ art 44 ja 59): ELi käibemaksu ei lisandu.',
    ossNote: (country: string) =>
      `Käibemaks on tarbija liikmesriigi (${country}) oma, deklareeritakse liidu erikorras (OSS, direktiivi 2006/112/EÜ art 58 ja 369b).`,
    taxableReverseCharge: 'Maksustatav summa (pöördmaksustamine)',
    taxableOutsideScope: 'Summa (ei kuulu ELi käibemaksuga maksustamisele)',
  },
  en: {
    invoice: 'INVOICE',
    receipt: 'RECEIPT',
    'credit-note': 'CREDIT NOTE',
    'refund-receipt': 'REFUND RECEIPT',
    corrects: 'Corrected document',
    correctsDate: 'Date of the corrected document',
    reason: 'Reason for the refund',
    refunded: (date: string, method: string) =>
      `Refunded to the buyer on ${date} (${method}). The licences on this document have ended.`,
    totalRefunded: 'Total refunded (EUR)',
    receiptNote: 'This is a payment receipt, not a VAT invoice.',
    number: 'Number',
    issued: 'Date of issue',
    supplied: 'Date of supply',
    purchase: 'Purchase',
    seller: 'Seller',
    buyer: 'Buyer',
    registryCode: 'Registry code',
    vatNumber: 'VAT number',
    item: 'Description',
    quantity: 'Qty',
    net: 'Net price',
    rate: 'VAT %',
    vat: 'VAT',
    gross: 'Amount',
    licence: (uploader: string) => `Licence of a document template (digital content), uploader ${uploader}`,
    taxable: (rate: string) => `Taxable amount at ${rate}`,
    vatAt: (rate: string) => `VAT at ${rate}`,
    totalNet: 'Total excluding VAT',
    totalVat: 'Total VAT',
    total: 'Total paid (EUR)',
    paid: (date: string, method: string) => `Paid on ${date} (${method}). Nothing is due.`,
    legal: 'Lepinguturg does not replace legal advice.',
    reverseCharge: 'Reverse charge',
    reverseChargeNote:
      'VAT is to be accounted for by the recipient of the service (reverse charge, Council Directive 2006/112/EC Art. 44 and 196).',
    outsideScope: 'Not subject to EU VAT',
    outsideScopeNote:
      'The place of supply is outside the European Union (Directive 2006/112/EC Art. 44 and 59): no EU VAT is charged.',
    ossNote: (country: string) =>
      `The VAT is the consumer's member state's (${country}), declared through the One-Stop Shop (Directive 2006/112/EC Art. 58 and 369b).`,
    taxableReverseCharge: 'Taxable amount (reverse charge)',
    taxableOutsideScope: 'Amount (not subject to EU VAT)',
  },
} as const;

/** DejaVu when the machine has it (every character of every name); else pdfkit's Helvetica (Latin-1). */
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONTS = existsSync(`${FONT_DIR}/DejaVuSans.ttf`)
  ? { regular: `${FONT_DIR}/DejaVuSans.ttf`, bold: `${FONT_DIR}/DejaVuSans-Bold.ttf` }
  : { regular: 'Helvetica', bold: 'Helvetica-Bold' };

const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY in Estonian time. */
function date(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')}`;
}

/** 1240 → "12,40" (et) or "12.40" (en), −1240 → "−12,40": amounts in EUR with two decimals. */
function amount(cents: number, language: 'et' | 'en'): string {
  const abs = Math.abs(cents);
  const text = `${cents < 0 ? '−' : ''}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
  return language === 'et' ? text.replace('.', ',') : text;
}

/** 2400 basis points → "24%". */
function rate(basisPoints: number, language: 'et' | 'en'): string {
  const text = String(basisPoints / 100);
  return `${language === 'et' ? text.replace('.', ',') : text}%`;
}

/**
 * Draws the invoice (EU VAT Directive Art. 226, Estonian VAT Act § 37: number of its series, issue date,
 * seller's and buyer's names, addresses, registry codes and VAT numbers, each line with its net price,
 * VAT rate and VAT, the taxable amount and VAT per rate, totals, date of supply) or the receipt, in the
 * buyer's language. Streams the PDF; nothing is written to disk.
 */
export function renderPurchasePdf(data: PurchasePdfData): Readable {
  const t = TEXTS[data.language];
  const lang = data.language;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${t[data.kind]} ${data.number}`,
      Author: data.seller.name,
    },
    lang: data.language,
  });
  // A reverse charge or a sale outside the EU has no rate of ours; the notice under the totals says why.
  const rateCell = (basisPoints: number) =>
    data.vat.treatment === 'reverse-charge' || data.vat.treatment === 'outside-scope'
      ? '—'
      : rate(basisPoints, lang);
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font(FONTS.bold).fontSize(18).text(data.seller.name, left, 50);
  doc.font(FONTS.bold).fontSize(16).text(t[data.kind], left, 50, { width, align: 'right' });
  doc.moveDown(1.5);

  const facts: [string, string][] = [
    [t.number, data.number],
    [t.issued, date(data.issuedAt)],
    [t.supplied, date(data.suppliedAt)],
    [t.purchase, data.purchaseNumber],
    ...(data.corrects
      ? ([
          [t.corrects, data.corrects.number],
          [t.correctsDate, date(data.corrects.issuedAt)],
        ] as [string, string][])
      : []),
  ];
  let y = doc.y;
  doc.fontSize(10);
  for (const [label, value] of facts) {
    doc.font(FONTS.regular).text(label, left, y, { width: 180 });
    doc.font(FONTS.bold).text(value, left + 180, y, { width: 200 });
    y += 15;
  }
  y += 15;

  const party = (x: number, title: string, lines: readonly (string | null)[]) => {
    let at = y;
    doc
      .font(FONTS.bold)
      .fontSize(11)
      .text(title, x, at, { width: width / 2 - 10 });
    at += 16;
    doc.font(FONTS.regular).fontSize(10);
    for (const line of lines) {
      if (!line) continue;
      doc.text(line, x, at, { width: width / 2 - 10 });
      at = doc.y + 2;
    }
    return at;
  };
  const sellerEnd = party(left, t.seller, [
    data.seller.name,
    data.seller.address,
    `${t.registryCode}: ${data.seller.registryCode}`,
    `${t.vatNumber}: ${data.seller.vatNumber}`,
    data.seller.email,
  ]);
  const buyerEnd = party(left + width / 2 + 10, t.buyer, [
    data.buyer.name,
    data.buyer.address,
    data.buyer.registryCode ? `${t.registryCode}: ${data.buyer.registryCode}` : null,
    data.buyer.vatNumber ? `${t.vatNumber}: ${data.buyer.vatNumber}` : null,
    data.buyer.email,
  ]);
  y = Math.max(sellerEnd, buyerEnd) + 20;

  const columns = [
    { title: t.item, x: left, width: 250, align: 'left' as const },
    { title: t.quantity, x: left + 250, width: 40, align: 'right' as const },
    { title: t.net, x: left + 290, width: 75, align: 'right' as const },
    { title: t.rate, x: left + 365, width: 60, align: 'right' as const },
    { title: t.totalNet, x: left + 425, width: width - 425, align: 'right' as const },
  ];
  doc.font(FONTS.bold).fontSize(9);
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  y += 14;
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 6;
  doc.font(FONTS.regular).fontSize(9);
  for (const line of data.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 50;
    }
    const description = `${line.title}\n${t.licence(line.uploaderName)}`;
    const cells = [description, '1', amount(line.net, lang), rateCell(line.vatRate), amount(line.net, lang)];
    const height = doc.heightOfString(description, { width: columns[0]!.width });
    cells.forEach((cell, i) =>
      doc.text(cell, columns[i]!.x, y, { width: columns[i]!.width, align: columns[i]!.align }),
    );
    y += height + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  // One rate per document: the taxable amount and its VAT, computed once on the whole (VAT rounded once).
  const { taxableAmount, vat, total } = data.totals;
  const totals: [string, string, boolean][] = [];
  if (data.vat.treatment === 'reverse-charge') {
    totals.push([t.taxableReverseCharge, amount(taxableAmount, lang), false]);
  } else if (data.vat.treatment === 'outside-scope') {
    totals.push([t.taxableOutsideScope, amount(taxableAmount, lang), false]);
  } else {
    totals.push([t.taxable(rate(data.vat.rate, lang)), amount(taxableAmount, lang), false]);
    totals.push([t.vatAt(rate(data.vat.rate, lang)), amount(vat, lang), false]);
  }
  totals.push([t.totalNet, amount(taxableAmount, lang), false], [t.totalVat, amount(vat, lang), false]);
  const refund = data.kind === 'credit-note' || data.kind === 'refund-receipt';
  totals.push([refund ? t.totalRefunded : t.total, amount(total, lang), true]);
  for (const [label, value, strong] of totals) {
    doc.font(strong ? FONTS.bold : FONTS.regular).fontSize(strong ? 11 : 10);
    doc.text(label, left + 200, y, { width: 220, align: 'right' });
    doc.text(value, left + 425, y, { width: width - 425, align: 'right' });
    y += strong ? 18 : 15;
  }
  y += 14;
  doc.font(FONTS.regular).fontSize(10);
  if (data.vat.treatment === 'reverse-charge') {
    doc.font(FONTS.bold).fontSize(12).text(t.reverseCharge, left, y, { width });
    doc
      .font(FONTS.regular)
      .fontSize(9)
      .text(t.reverseChargeNote, left, doc.y + 2, { width });
    y = doc.y + 10;
  } else if (data.vat.treatment === 'outside-scope') {
    doc.font(FONTS.bold).fontSize(12).text(t.outsideScope, left, y, { width });
    doc
      .font(FONTS.regular)
      .fontSize(9)
      .text(t.outsideScopeNote, left, doc.y + 2, { width });
    y = doc.y + 10;
  } else if (data.vat.treatment === 'oss' && data.vat.vatCountry) {
    doc.font(FONTS.regular).fontSize(9).text(t.ossNote(data.vat.vatCountry), left, y, { width });
    y = doc.y + 10;
  }
  doc.font(FONTS.regular).fontSize(10);
  if (refund) {
    doc.text(t.refunded(date(data.issuedAt), data.paymentMethod), left, y, { width });
    if (data.reason) doc.text(`${t.reason}: ${data.reason}`, left, doc.y + 4, { width });
  } else {
    doc.text(t.paid(date(data.suppliedAt), data.paymentMethod), left, y, { width });
  }
  if (data.kind === 'receipt' || data.kind === 'refund-receipt')
    doc.text(t.receiptNote, left, doc.y + 4, { width });
  doc.fontSize(8).text(t.legal, left, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return doc;
}
