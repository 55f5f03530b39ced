import { type UblDocumentData, renderUblDocument } from '../../server/src/api/purchases/ubl-document';
import { fatalEn16931Failures, prepareEn16931, validateEn16931 } from '../support/en16931';

const SELLER = {
  name: 'Lepinguturg OÜ',
  address: 'Narva mnt 5, 10117 Tallinn',
  registryCode: '16123456',
  vatNumber: 'EE102345678',
  email: 'info@lepinguturg.ee',
  invoiceSeries: 'LT',
  receiptSeries: 'KV',
  creditNoteSeries: 'KR',
  refundReceiptSeries: 'TK',
  country: 'EE',
};

function document(overrides: Partial<UblDocumentData> = {}): UblDocumentData {
  return {
    kind: 'invoice',
    number: 'LT-000042',
    issueDate: '2026-11-26',
    deliveryDate: '2026-11-26',
    buyerReference: 'A1B2C3D4',
    seller: SELLER,
    buyer: {
      name: 'Maasikas ja Partnerid OÜ',
      address: 'Tartu mnt 1, 10115 Tallinn',
      country: 'EE',
      registryCode: '12345678',
      vatNumber: 'EE101234567',
      email: 'mari@example.ee',
    },
    vat: { treatment: 'domestic', rate: 2400 },
    lines: [
      { name: 'Tööleping', description: 'Licence of a document template, uploader Kadri Tamm', net: 4000 },
      { name: 'Volikiri', description: 'Licence of a document template, uploader Martin Kask', net: 3210 },
      { name: 'NDA', description: 'Licence of a document template', net: 1605 },
    ],
    // 24 % × 88.15 = 21.156 → 21.16, rounded once on the document.
    totals: { taxableAmount: 8815, vat: 2116, total: 10931 },
    prepaid: 10931,
    note: null,
    ...overrides,
  };
}

const FINNISH_COMPANY = {
  name: 'Esimerkki Oy',
  address: 'Aleksanterinkatu 15, 00100 Helsinki',
  country: 'FI',
  registryCode: '2077474-0',
  vatNumber: 'FI20774740',
  email: 'mikko@example.fi',
};

describe('EN 16931 e-invoices in UBL 2.1 (Peppol BIS Billing 3.0), checked by the official schematron', () => {
  beforeAll(() => prepareEn16931(), 300_000);

  it('writes a domestic invoice at 24 % that breaks no rule: Peppol ids, both parties, VAT per rate', () => {
    const xml = renderUblDocument(document());
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    );
    expect(xml).toContain('<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>');
    expect(xml).toMatch(
      /<cbc:TaxableAmount currencyID="EUR">88\.15<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="EUR">21\.16<\/cbc:TaxAmount>/,
    );
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>');
  });

  it('writes a reverse charge (AE) with both VAT numbers and the exemption reason', () => {
    const xml = renderUblDocument(
      document({
        buyer: FINNISH_COMPANY,
        vat: { treatment: 'reverse-charge', rate: 0 },
        totals: { taxableAmount: 8815, vat: 0, total: 8815 },
        prepaid: 8815,
        note: 'Reverse charge',
      }),
    );
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).toContain('<cbc:CompanyID>EE102345678</cbc:CompanyID>');
    expect(xml).toContain('<cbc:CompanyID>FI20774740</cbc:CompanyID>');
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode>');
  });

  it('writes a sale outside the scope of VAT (O) without VAT numbers, as BR-O-02 asks', () => {
    const xml = renderUblDocument(
      document({
        buyer: {
          ...FINNISH_COMPANY,
          name: 'Example Ltd',
          country: 'GB',
          registryCode: null,
          vatNumber: 'GB123456789',
        },
        vat: { treatment: 'outside-scope', rate: 0 },
        totals: { taxableAmount: 8815, vat: 0, total: 8815 },
        prepaid: 8815,
      }),
    );
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).not.toContain('GB123456789');
    expect(xml).not.toContain('EE102345678');
  });

  it('writes a consumer’s member state’s rate (OSS) at 25.5 %', () => {
    const xml = renderUblDocument(
      document({
        buyer: { ...FINNISH_COMPANY, vatNumber: null },
        vat: { treatment: 'oss', rate: 2550 },
        totals: { taxableAmount: 8815, vat: 2248, total: 11063 },
        prepaid: 11063,
      }),
    );
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).toContain('<cbc:Percent>25.50</cbc:Percent>');
  });

  it('writes a credit note referring to its invoice, for the refunds to come', () => {
    const xml = renderUblDocument(
      document({
        kind: 'credit-note',
        number: 'KR-000001',
        precedingInvoice: { number: 'LT-000042', issueDate: '2026-11-20' },
      }),
    );
    expect(fatalEn16931Failures(xml)).toEqual([]);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
  });

  it('is a check that fails: a VAT amount that is not the rate × taxable amount breaks BR-CO-15/17', () => {
    const broken = renderUblDocument(document({ totals: { taxableAmount: 8815, vat: 1116, total: 10931 } }));
    const ids = validateEn16931(broken)
      .filter((f) => f.flag === 'fatal')
      .map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['BR-CO-17']));
  });
});
