import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { SellerConfig } from '../../config/app-config';
import type { VatDecision } from '../../domain/vat/vat-decision';

/** Peppol BIS Billing 3.0, the CIUS of EN 16931 (BT-24 and BT-23). */
export const PEPPOL_BIS_3_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BIS_3_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The kinds of UBL 2.1 documents the shop writes. A credit note is the same document with its own root,
 * type code, line and quantity elements, and a reference to the invoice it corrects (BG-3).
 */
const KINDS = {
  invoice: {
    root: 'Invoice',
    namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    typeCodeElement: 'cbc:InvoiceTypeCode',
    /** UNTDID 1001: 380 commercial invoice. */
    typeCode: '380',
    line: 'cac:InvoiceLine',
    quantity: 'cbc:InvoicedQuantity',
  },
  'credit-note': {
    root: 'CreditNote',
    namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
    typeCodeElement: 'cbc:CreditNoteTypeCode',
    /** UNTDID 1001: 381 credit note. */
    typeCode: '381',
    line: 'cac:CreditNoteLine',
    quantity: 'cbc:CreditedQuantity',
  },
} as const;

export type UblDocumentKind = keyof typeof KINDS;

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** EAS (electronic address scheme) 0191: Estonia's Centre of Registers and Information Systems (registry codes). */
const EAS_ESTONIAN_REGISTRY = '0191';
/** EAS EM: an e-mail address, for buyers without a registered electronic address. */
const EAS_EMAIL = 'EM';

/** A party of the document (BG-4 seller, BG-7 buyer). */
export interface UblParty {
  readonly name: string;
  readonly address: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly registryCode: string | null;
  readonly vatNumber: string | null;
  readonly email: string;
}

/** One line (BG-25): a document licence, its net amount and VAT category. */
export interface UblLine {
  readonly name: string;
  readonly description: string;
  /** Net amount, cents (quantity 1, so also the net price). */
  readonly net: number;
}

export interface UblDocumentData {
  readonly kind: UblDocumentKind;
  /** BT-1: the document's number of its series. */
  readonly number: string;
  /** BT-2, Estonian calendar day YYYY-MM-DD. */
  readonly issueDate: string;
  /** BT-72: the day the service was supplied (the payment, after which the files were delivered). */
  readonly deliveryDate: string;
  /** BT-10: the buyer's reference: the purchase number. */
  readonly buyerReference: string;
  /** BG-3, credit notes only: the invoice corrected, and its issue date. */
  readonly precedingInvoice?: { readonly number: string; readonly issueDate: string };
  readonly seller: SellerConfig & { readonly country: string };
  readonly buyer: UblParty;
  readonly vat: Pick<VatDecision, 'treatment' | 'rate'>;
  readonly lines: readonly UblLine[];
  /** The document's amounts, cents: VAT computed once on the taxable amount. */
  readonly totals: { readonly taxableAmount: number; readonly vat: number; readonly total: number };
  /** BT-113: already paid (the whole purchase is paid before its documents exist). */
  readonly prepaid: number;
  /** BT-22: one note, e.g. "Reverse charge". */
  readonly note: string | null;
}

/** UNCL 5305 VAT category and the exemption reason (VATEX) EN 16931 asks for it. */
function category(treatment: VatDecision['treatment']): {
  readonly id: 'S' | 'AE' | 'O';
  readonly exemption: { readonly code: string; readonly text: string } | null;
} {
  switch (treatment) {
    case 'reverse-charge':
      return { id: 'AE', exemption: { code: 'VATEX-EU-AE', text: 'Reverse charge' } };
    case 'outside-scope':
      return { id: 'O', exemption: { code: 'VATEX-EU-O', text: 'Not subject to VAT' } };
    case 'domestic':
    case 'oss':
      return { id: 'S', exemption: null };
  }
}

const euros = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const percent = (basisPoints: number): string => (basisPoints / 100).toFixed(2);

function amount(parent: XMLBuilder, name: string, cents: number): void {
  parent.ele(CBC, name, { currencyID: 'EUR' }).txt(euros(cents));
}

/** The tax scheme element every tax category carries. */
function taxScheme(parent: XMLBuilder): void {
  parent.ele(CAC, 'cac:TaxScheme').ele(CBC, 'cbc:ID').txt('VAT');
}

function party(parent: XMLBuilder, who: UblParty, options: { readonly withVatNumber: boolean }): void {
  const p = parent.ele(CAC, 'cac:Party');
  if (who.registryCode && who.country === 'EE') {
    p.ele(CBC, 'cbc:EndpointID', { schemeID: EAS_ESTONIAN_REGISTRY }).txt(who.registryCode);
  } else {
    p.ele(CBC, 'cbc:EndpointID', { schemeID: EAS_EMAIL }).txt(who.email);
  }
  const address = p.ele(CAC, 'cac:PostalAddress');
  address.ele(CBC, 'cbc:StreetName').txt(who.address);
  address.ele(CAC, 'cac:Country').ele(CBC, 'cbc:IdentificationCode').txt(who.country);
  if (options.withVatNumber && who.vatNumber) {
    const scheme = p.ele(CAC, 'cac:PartyTaxScheme');
    scheme.ele(CBC, 'cbc:CompanyID').txt(who.vatNumber);
    taxScheme(scheme);
  }
  const legal = p.ele(CAC, 'cac:PartyLegalEntity');
  legal.ele(CBC, 'cbc:RegistrationName').txt(who.name);
  if (who.registryCode) legal.ele(CBC, 'cbc:CompanyID').txt(who.registryCode);
  p.ele(CAC, 'cac:Contact').ele(CBC, 'cbc:ElectronicMail').txt(who.email);
}

/**
 * Writes an EN 16931 document in UBL 2.1 following Peppol BIS Billing 3.0: the parties with their
 * addresses, registry codes and VAT numbers (a reverse charge names both VAT numbers; a sale outside the
 * scope of VAT names none, BR-O-02), each line's net amount and VAT category, one VAT breakdown whose tax
 * equals rate × taxable amount (BR-CO-17), the totals, and the prepaid amount (the purchase was paid
 * first, so nothing is due). Validated in the tests against the official EN 16931 schematron.
 */
export function renderUblDocument(data: UblDocumentData): string {
  const kind = KINDS[data.kind];
  const vatCategory = category(data.vat.treatment);
  const withVatNumbers = vatCategory.id !== 'O';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(kind.namespace, kind.root, {
    'xmlns:cac': CAC,
    'xmlns:cbc': CBC,
  });
  root.ele(CBC, 'cbc:CustomizationID').txt(PEPPOL_BIS_3_CUSTOMIZATION);
  root.ele(CBC, 'cbc:ProfileID').txt(PEPPOL_BIS_3_PROFILE);
  root.ele(CBC, 'cbc:ID').txt(data.number);
  root.ele(CBC, 'cbc:IssueDate').txt(data.issueDate);
  root.ele(CBC, kind.typeCodeElement).txt(kind.typeCode);
  if (data.note) root.ele(CBC, 'cbc:Note').txt(data.note);
  root.ele(CBC, 'cbc:DocumentCurrencyCode').txt('EUR');
  root.ele(CBC, 'cbc:BuyerReference').txt(data.buyerReference);
  if (data.precedingInvoice) {
    const reference = root.ele(CAC, 'cac:BillingReference').ele(CAC, 'cac:InvoiceDocumentReference');
    reference.ele(CBC, 'cbc:ID').txt(data.precedingInvoice.number);
    reference.ele(CBC, 'cbc:IssueDate').txt(data.precedingInvoice.issueDate);
  }

  const seller: UblParty = {
    name: data.seller.name,
    address: data.seller.address,
    country: data.seller.country,
    registryCode: data.seller.registryCode,
    vatNumber: data.seller.vatNumber,
    email: data.seller.email,
  };
  party(root.ele(CAC, 'cac:AccountingSupplierParty'), seller, { withVatNumber: withVatNumbers });
  party(root.ele(CAC, 'cac:AccountingCustomerParty'), data.buyer, { withVatNumber: withVatNumbers });
  root.ele(CAC, 'cac:Delivery').ele(CBC, 'cbc:ActualDeliveryDate').txt(data.deliveryDate);

  const taxTotal = root.ele(CAC, 'cac:TaxTotal');
  amount(taxTotal, 'cbc:TaxAmount', data.totals.vat);
  const subtotal = taxTotal.ele(CAC, 'cac:TaxSubtotal');
  amount(subtotal, 'cbc:TaxableAmount', data.totals.taxableAmount);
  amount(subtotal, 'cbc:TaxAmount', data.totals.vat);
  const taxCategory = subtotal.ele(CAC, 'cac:TaxCategory');
  taxCategory.ele(CBC, 'cbc:ID').txt(vatCategory.id);
  if (vatCategory.id !== 'O') taxCategory.ele(CBC, 'cbc:Percent').txt(percent(data.vat.rate));
  if (vatCategory.exemption) {
    taxCategory.ele(CBC, 'cbc:TaxExemptionReasonCode').txt(vatCategory.exemption.code);
    taxCategory.ele(CBC, 'cbc:TaxExemptionReason').txt(vatCategory.exemption.text);
  }
  taxScheme(taxCategory);

  const lineTotal = data.lines.reduce((sum, line) => sum + line.net, 0);
  const monetary = root.ele(CAC, 'cac:LegalMonetaryTotal');
  amount(monetary, 'cbc:LineExtensionAmount', lineTotal);
  amount(monetary, 'cbc:TaxExclusiveAmount', data.totals.taxableAmount);
  amount(monetary, 'cbc:TaxInclusiveAmount', data.totals.total);
  amount(monetary, 'cbc:PrepaidAmount', data.prepaid);
  amount(monetary, 'cbc:PayableAmount', data.totals.total - data.prepaid);

  data.lines.forEach((line, index) => {
    const l = root.ele(CAC, kind.line);
    l.ele(CBC, 'cbc:ID').txt(String(index + 1));
    l.ele(CBC, kind.quantity, { unitCode: 'C62' }).txt('1');
    amount(l, 'cbc:LineExtensionAmount', line.net);
    const item = l.ele(CAC, 'cac:Item');
    item.ele(CBC, 'cbc:Description').txt(line.description);
    item.ele(CBC, 'cbc:Name').txt(line.name);
    const classified = item.ele(CAC, 'cac:ClassifiedTaxCategory');
    classified.ele(CBC, 'cbc:ID').txt(vatCategory.id);
    if (vatCategory.id !== 'O') classified.ele(CBC, 'cbc:Percent').txt(percent(data.vat.rate));
    taxScheme(classified);
    amount(l.ele(CAC, 'cac:Price'), 'cbc:PriceAmount', line.net);
  });
  return root.end({ prettyPrint: true });
}
