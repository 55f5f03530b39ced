import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import type { SellerConfig } from '../../config/app-config';

/** A VAT invoice (the buyer asked for one) or a receipt (everyone else) of a paid purchase. */
export interface PurchasePdfData {
  readonly kind: 'invoice' | 'receipt';
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
    readonly vat: number;
    readonly gross: number;
  }[];
  readonly paymentMethod: string;
}

const TEXTS = {
  et: {
    invoice: 'ARVE',
    receipt: 'KVIITUNG',
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
  },
  en: {
    invoice: 'INVOICE',
    receipt: 'RECEIPT',
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

/** 1240 → "12,40" (et) or "12.40" (en): amounts in EUR with two decimals. */
function amount(cents: number, language: 'et' | 'en'): string {
  const text = `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
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
      Title: `${data.kind === 'invoice' ? t.invoice : t.receipt} ${data.number}`,
      Author: data.seller.name,
    },
    lang: data.language,
  });
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font(FONTS.bold).fontSize(18).text(data.seller.name, left, 50);
  doc
    .font(FONTS.bold)
    .fontSize(16)
    .text(data.kind === 'invoice' ? t.invoice : t.receipt, left, 50, { width, align: 'right' });
  doc.moveDown(1.5);

  const facts: [string, string][] = [
    [t.number, data.number],
    [t.issued, date(data.issuedAt)],
    [t.supplied, date(data.suppliedAt)],
    [t.purchase, data.purchaseNumber],
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
    { title: t.item, x: left, width: 215, align: 'left' as const },
    { title: t.quantity, x: left + 215, width: 35, align: 'right' as const },
    { title: t.net, x: left + 250, width: 65, align: 'right' as const },
    { title: t.rate, x: left + 315, width: 45, align: 'right' as const },
    { title: t.vat, x: left + 360, width: 65, align: 'right' as const },
    { title: t.gross, x: left + 425, width: width - 425, align: 'right' as const },
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
    const cells = [
      description,
      '1',
      amount(line.net, lang),
      rate(line.vatRate, lang),
      amount(line.vat, lang),
      amount(line.gross, lang),
    ];
    const height = doc.heightOfString(description, { width: columns[0]!.width });
    cells.forEach((cell, i) =>
      doc.text(cell, columns[i]!.x, y, { width: columns[i]!.width, align: columns[i]!.align }),
    );
    y += height + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const byRate = new Map<number, { net: number; vat: number }>();
  for (const line of data.lines) {
    const sum = byRate.get(line.vatRate) ?? { net: 0, vat: 0 };
    byRate.set(line.vatRate, { net: sum.net + line.net, vat: sum.vat + line.vat });
  }
  const totals: [string, string, boolean][] = [];
  for (const [vatRate, sum] of [...byRate.entries()].sort((a, b) => b[0] - a[0])) {
    totals.push([t.taxable(rate(vatRate, lang)), amount(sum.net, lang), false]);
    totals.push([t.vatAt(rate(vatRate, lang)), amount(sum.vat, lang), false]);
  }
  const net = data.lines.reduce((s, l) => s + l.net, 0);
  const vat = data.lines.reduce((s, l) => s + l.vat, 0);
  const gross = data.lines.reduce((s, l) => s + l.gross, 0);
  totals.push([t.totalNet, amount(net, lang), false], [t.totalVat, amount(vat, lang), false]);
  totals.push([t.total, amount(gross, lang), true]);
  for (const [label, value, strong] of totals) {
    doc.font(strong ? FONTS.bold : FONTS.regular).fontSize(strong ? 11 : 10);
    doc.text(label, left + 200, y, { width: 220, align: 'right' });
    doc.text(value, left + 425, y, { width: width - 425, align: 'right' });
    y += strong ? 18 : 15;
  }
  y += 20;
  doc.font(FONTS.regular).fontSize(10);
  doc.text(t.paid(date(data.suppliedAt), data.paymentMethod), left, y, { width });
  if (data.kind === 'receipt') doc.text(t.receiptNote, left, doc.y + 4, { width });
  doc.fontSize(8).text(t.legal, left, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return doc;
}
