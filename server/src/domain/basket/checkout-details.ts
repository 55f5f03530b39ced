import type { InvoiceRequest, Payer } from '../../events/purchase.events';
import { FieldValidator } from '../shared/domain-error';
import { isValidVatNumber, normaliseVatNumber } from '../invoice/vat-number';
import { isCountryCode } from '../vat/countries';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGISTRY_CODE = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** What the buyer fills in on the cart before confirming it, as sent. */
export interface CheckoutDetails {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly address: string;
  /** The billing address's country, ISO 3166-1 alpha-2: the first piece of evidence of where the buyer is. */
  readonly country: string;
  /** SPEC §2: "I have seen previews of sample documents for purchase". */
  readonly previewsSeen: boolean;
  /** Terms of use and sale agreement, with the EU consent to immediate delivery of digital content. */
  readonly termsAccepted: boolean;
  /** Null when no invoice is wanted (a receipt is enough); a company's or a person's name, and a registry code when there is one. */
  readonly invoice: InvoiceRequest | null;
  readonly paymentMethod: string;
}

/** The details as they are kept: trimmed, e-mail in lower case, VAT number normalised. */
export interface ValidCheckoutDetails {
  readonly payer: Payer;
  readonly invoice: InvoiceRequest | null;
  readonly paymentMethod: string;
}

const trim = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Checks the cart's form (SPEC §5: required fields, a valid e-mail, previews seen and terms accepted;
 * invoice company, registry code and the VAT number's EU format) and the method against those the gateway
 * offers. Every problem at once, as one VALIDATION.FORM_HAS_ERRORS. A basket with nothing to pay (`free`)
 * needs only the e-mail the links go to and the terms: names and address are kept when given, there is
 * no preview to have seen before paying, and the method is "free" (docs/decisions/free-templates-in-one-step.md).
 */
export function validateCheckoutDetails(
  details: CheckoutDetails,
  offeredMethods: readonly string[],
  { free = false }: { readonly free?: boolean } = {},
): ValidCheckoutDetails {
  const v = new FieldValidator();
  const payer: Payer = {
    email: trim(details.email).toLowerCase(),
    firstName: trim(details.firstName),
    lastName: trim(details.lastName),
    address: trim(details.address),
    country: trim(details.country).toUpperCase(),
  };
  v.requiredText('email', payer.email, 254);
  if (payer.email !== '' && payer.email.length <= 254 && !EMAIL.test(payer.email))
    v.add('email', 'VALIDATION.INVALID_EMAIL');
  const text = free ? v.optionalText.bind(v) : v.requiredText.bind(v);
  text('firstName', payer.firstName, 100);
  text('lastName', payer.lastName, 100);
  text('address', payer.address, 300);
  // Nothing to pay, no VAT to place: the country is kept when given, asked for only when there is a price.
  if (payer.country === '') {
    if (!free) v.add('country', 'VALIDATION.REQUIRED');
  } else if (!isCountryCode(payer.country ?? '')) v.add('country', 'VALIDATION.INVALID_CHOICE');
  if (details.previewsSeen !== true && !free) v.add('previewsSeen', 'SHOPPING_CART.PREVIEWS_NOT_SEEN');
  if (details.termsAccepted !== true) v.add('termsAccepted', 'SHOPPING_CART.TERMS_NOT_ACCEPTED');

  let invoice: InvoiceRequest | null = null;
  if (details.invoice) {
    const vatNumber = trim(details.invoice.vatNumber);
    invoice = {
      companyName: trim(details.invoice.companyName),
      registryCode: trim(details.invoice.registryCode),
      vatNumber: vatNumber === '' ? null : normaliseVatNumber(vatNumber),
    };
    v.requiredText('invoice.companyName', invoice.companyName, 200);
    // A consumer may ask for an invoice in their own name: a registry code only where there is one.
    v.optionalText('invoice.registryCode', invoice.registryCode, 30);
    if (invoice.registryCode !== '' && !REGISTRY_CODE.test(invoice.registryCode))
      v.add('invoice.registryCode', 'VALIDATION.INVALID_REGISTRY_CODE');
    if (invoice.vatNumber !== null && !isValidVatNumber(invoice.vatNumber))
      v.add('invoice.vatNumber', 'VALIDATION.INVALID_VAT_NUMBER');
  }

  const paymentMethod = free && trim(details.paymentMethod) === '' ? 'free' : trim(details.paymentMethod);
  if (paymentMethod === '') v.add('paymentMethod', 'SHOPPING_CART.PAYMENT_METHOD_REQUIRED');
  else if (!offeredMethods.includes(paymentMethod)) v.add('paymentMethod', 'VALIDATION.INVALID_CHOICE');
  v.throwIfAny();
  return { payer, invoice, paymentMethod };
}

/** Same payer, invoice and method: confirming again changes nothing. */
export function sameCheckoutDetails(a: ValidCheckoutDetails, b: ValidCheckoutDetails): boolean {
  const sameInvoice =
    a.invoice === null || b.invoice === null
      ? a.invoice === b.invoice
      : a.invoice.companyName === b.invoice.companyName &&
        a.invoice.registryCode === b.invoice.registryCode &&
        a.invoice.vatNumber === b.invoice.vatNumber;
  return (
    sameInvoice &&
    a.paymentMethod === b.paymentMethod &&
    a.payer.email === b.payer.email &&
    a.payer.firstName === b.payer.firstName &&
    a.payer.lastName === b.payer.lastName &&
    a.payer.address === b.payer.address &&
    a.payer.country === b.payer.country
  );
}
