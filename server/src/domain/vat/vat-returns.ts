import type { BasisPoints, Cents } from '../shared/money';
import { divideRoundHalfUp } from '../shared/money';
import type { VatTreatment } from './vat-decision';

/** A paid purchase as the VAT returns count it (the VAT read model's row). */
export interface VatSale {
  readonly purchaseId: string;
  readonly purchaseNumber: string;
  readonly documentNumber: string | null;
  readonly day: string;
  readonly treatment: VatTreatment;
  readonly buyerCountry: string | null;
  readonly vatCountry: string | null;
  readonly rate: BasisPoints;
  readonly taxableAmount: Cents;
  readonly vatAmount: Cents;
  readonly buyerVatNumber: string | null;
}

/** The purchases behind a figure: every figure of a return traces back to them. */
export interface SaleRef {
  readonly purchaseId: string;
  readonly purchaseNumber: string;
  readonly documentNumber: string | null;
  readonly day: string;
  readonly taxableAmount: Cents;
  readonly vatAmount: Cents;
}

export interface ReturnLine {
  /** The return's own line: KMD `1`, `1²`, `3`, `3.1`, `4`; or a member state and rate on the OSS return. */
  readonly key: string;
  readonly rate: BasisPoints | null;
  readonly taxableAmount: Cents;
  /** The VAT charged on the invoices and receipts behind the line (each rounded once on its document). */
  readonly vatAmount: Cents;
  readonly sales: readonly SaleRef[];
}

/** The Estonian VAT return's (KMD) figures for a month, and what is declared elsewhere or nowhere. */
export interface KmdReturn {
  readonly month: string;
  readonly lines: readonly ReturnLine[];
  /** Line 4: the VAT due, as the invoices charged it. */
  readonly vatDue: Cents;
  /** Line 4 as the form computes it (rate × line), for the accountant's comparison with `vatDue`. */
  readonly vatDueByForm: Cents;
  /** The EC Sales List (VD): reverse-charged services per buyer's VAT number. */
  readonly ecSalesList: readonly {
    readonly vatNumber: string;
    readonly taxableAmount: Cents;
    readonly sales: readonly SaleRef[];
  }[];
  /** Declared in the One-Stop Shop return, not on the KMD. */
  readonly oss: ReturnLine;
  /** Supplies whose place is outside the EU: no EU VAT, on no return. */
  readonly outsideEu: ReturnLine;
}

/** The One-Stop Shop (union scheme) return of a quarter: per member state of consumption and rate. */
export interface OssReturn {
  readonly quarter: string;
  readonly lines: readonly (ReturnLine & { readonly country: string })[];
  readonly countries: readonly {
    readonly country: string;
    readonly taxableAmount: Cents;
    readonly vatAmount: Cents;
  }[];
  readonly taxableAmount: Cents;
  readonly vatAmount: Cents;
}

const ref = (sale: VatSale): SaleRef => ({
  purchaseId: sale.purchaseId,
  purchaseNumber: sale.purchaseNumber,
  documentNumber: sale.documentNumber,
  day: sale.day,
  taxableAmount: sale.taxableAmount,
  vatAmount: sale.vatAmount,
});

function line(key: string, rate: BasisPoints | null, sales: readonly VatSale[]): ReturnLine {
  return {
    key,
    rate,
    taxableAmount: sales.reduce((sum, s) => sum + s.taxableAmount, 0),
    vatAmount: sales.reduce((sum, s) => sum + s.vatAmount, 0),
    sales: sales.map(ref),
  };
}

/** KMD's lines for the Estonian standard rates (form KMD, Rahandusministri määrus nr 17, lisa 1). */
const KMD_RATE_LINES: Readonly<Record<number, string>> = {
  2400: '1',
  2000: '1¹',
  2200: '1²',
  900: '2',
  1300: '2²',
  500: '2¹',
};

/**
 * The month's KMD figures (docs/decisions/vat-returns.md): sales taxed in Estonia per rate (line 1 at
 * 24 %), reverse-charged services to taxable persons of other member states (lines 3 and 3.1, and the
 * EC Sales List VD per buyer), the VAT due (line 4); OSS sales and sales outside the EU listed apart.
 */
export function kmdReturn(month: string, sales: readonly VatSale[]): KmdReturn {
  const domestic = sales.filter((s) => s.treatment === 'domestic');
  const rates = [...new Set(domestic.map((s) => s.rate))].sort((a, b) => b - a);
  const rateLines = rates.map((rate) =>
    line(
      KMD_RATE_LINES[rate] ?? `rate-${rate}`,
      rate,
      domestic.filter((s) => s.rate === rate),
    ),
  );
  const reverse = sales.filter((s) => s.treatment === 'reverse-charge');
  const vatDue = rateLines.reduce((sum, l) => sum + l.vatAmount, 0);
  const vatDueByForm = rateLines.reduce(
    (sum, l) => sum + divideRoundHalfUp(l.taxableAmount * (l.rate ?? 0), 10_000),
    0,
  );
  const byNumber = new Map<string, VatSale[]>();
  for (const sale of reverse) {
    const number = sale.buyerVatNumber ?? '';
    byNumber.set(number, [...(byNumber.get(number) ?? []), sale]);
  }
  return {
    month,
    lines: [
      ...rateLines,
      line('3', 0, reverse),
      line('3.1', 0, reverse),
      { key: '4', rate: null, taxableAmount: 0, vatAmount: vatDue, sales: domestic.map(ref) },
    ],
    vatDue,
    vatDueByForm,
    ecSalesList: [...byNumber]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([vatNumber, list]) => ({
        vatNumber,
        taxableAmount: list.reduce((sum, s) => sum + s.taxableAmount, 0),
        sales: list.map(ref),
      })),
    oss: line(
      'OSS',
      null,
      sales.filter((s) => s.treatment === 'oss'),
    ),
    outsideEu: line(
      'OUTSIDE_EU',
      null,
      sales.filter((s) => s.treatment === 'outside-scope'),
    ),
  };
}

/** The quarter's OSS return: each member state of consumption, each rate, with its sales. */
export function ossReturn(quarter: string, sales: readonly VatSale[]): OssReturn {
  const oss = sales.filter((s) => s.treatment === 'oss' && s.vatCountry !== null);
  const keys = [...new Set(oss.map((s) => `${s.vatCountry}|${s.rate}`))].sort();
  const lines = keys.map((key) => {
    const [country, rate] = key.split('|') as [string, string];
    return {
      ...line(
        key,
        Number(rate),
        oss.filter((s) => `${s.vatCountry}|${s.rate}` === key),
      ),
      country,
    };
  });
  const countries = [...new Set(lines.map((l) => l.country))].map((country) => {
    const mine = lines.filter((l) => l.country === country);
    return {
      country,
      taxableAmount: mine.reduce((sum, l) => sum + l.taxableAmount, 0),
      vatAmount: mine.reduce((sum, l) => sum + l.vatAmount, 0),
    };
  });
  return {
    quarter,
    lines,
    countries,
    taxableAmount: lines.reduce((sum, l) => sum + l.taxableAmount, 0),
    vatAmount: lines.reduce((sum, l) => sum + l.vatAmount, 0),
  };
}
