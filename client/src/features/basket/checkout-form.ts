import type { Basket, ProductUser } from '../../api/types';
import type { ConfirmBasketBody } from './api/confirm-basket';

/** The cart's form as the buyer fills it in. */
export interface CheckoutValues {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  /** The billing address's country, ISO alpha-2. */
  country: string;
  wantsInvoice: boolean;
  companyName: string;
  registryCode: string;
  vatNumber: string;
  previewsSeen: boolean;
  termsAccepted: boolean;
  paymentMethod: string;
  /** The buyer's answer when the VAT evidence asks where they live; '' until asked. */
  countryOfResidence: string;
  /** The buyer chose to pay with VAT while VIES does not answer. */
  payWithVatWhileViesUnavailable: boolean;
}

export type CheckoutField = keyof CheckoutValues;

const COUNTRY = /^[A-Z]{2}$/;

/** The signed-in user's country when their profile holds a country code, else Estonia (the shop's own). */
function profileCountry(user: ProductUser | null): string {
  const country = (user?.profile.country ?? '').trim().toUpperCase();
  return COUNTRY.test(country) ? country : 'EE';
}

/** Filled in from the last confirmation (after a cancelled payment), else from the signed-in user. */
export function initialCheckoutValues(basket: Basket, user: ProductUser | null): CheckoutValues {
  const checkout = basket.checkout;
  return {
    email: checkout?.payer.email ?? user?.email ?? '',
    firstName: checkout?.payer.firstName ?? user?.firstName ?? '',
    lastName: checkout?.payer.lastName ?? user?.lastName ?? '',
    address: checkout?.payer.address ?? user?.profile.address ?? '',
    country: checkout?.payer.country ?? profileCountry(user),
    wantsInvoice: checkout?.invoice != null,
    companyName: checkout?.invoice?.companyName ?? user?.company ?? '',
    registryCode: checkout?.invoice?.registryCode ?? '',
    vatNumber: checkout?.invoice?.vatNumber ?? '',
    previewsSeen: basket.confirmed,
    termsAccepted: basket.confirmed,
    paymentMethod: checkout?.paymentMethod ?? '',
    countryOfResidence: '',
    payWithVatWhileViesUnavailable: false,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The client's mirror of the server's checks (SPEC §5), as translation keys per field; the server checks
 * the same and more (the VAT number's form per country), and its answer is shown the same way.
 */
export function validateCheckout(values: CheckoutValues): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {};
  const required = (field: CheckoutField) => {
    if (String(values[field]).trim() === '') errors[field] = 'VALIDATION.REQUIRED';
  };
  required('email');
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'VALIDATION.INVALID_EMAIL';
  required('firstName');
  required('lastName');
  required('address');
  required('country');
  // An invoice names a company or a person; a registry code only where there is one.
  if (values.wantsInvoice) required('companyName');
  if (!values.previewsSeen) errors.previewsSeen = 'SHOPPING_CART.PREVIEWS_NOT_SEEN';
  if (!values.termsAccepted) errors.termsAccepted = 'SHOPPING_CART.TERMS_NOT_ACCEPTED';
  if (values.paymentMethod === '') errors.paymentMethod = 'SHOPPING_CART.PAYMENT_METHOD_REQUIRED';
  return errors;
}

export function toConfirmBody(values: CheckoutValues, expectedTotal: number): ConfirmBasketBody {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    address: values.address.trim(),
    country: values.country,
    previewsSeen: values.previewsSeen,
    termsAccepted: values.termsAccepted,
    invoice: values.wantsInvoice
      ? {
          companyName: values.companyName.trim(),
          registryCode: values.registryCode.trim(),
          vatNumber: values.vatNumber.trim() === '' ? null : values.vatNumber.trim(),
        }
      : null,
    paymentMethod: values.paymentMethod,
    expectedTotal,
    countryOfResidence: values.countryOfResidence === '' ? null : values.countryOfResidence,
    payWithVatWhileViesUnavailable: values.payWithVatWhileViesUnavailable,
  };
}

/** Server field names (api.md `errors`) to the form's fields. */
export function formFieldOf(serverField: string): CheckoutField | null {
  const map: Record<string, CheckoutField> = {
    email: 'email',
    firstName: 'firstName',
    lastName: 'lastName',
    address: 'address',
    country: 'country',
    countryOfResidence: 'countryOfResidence',
    previewsSeen: 'previewsSeen',
    termsAccepted: 'termsAccepted',
    paymentMethod: 'paymentMethod',
    'invoice.companyName': 'companyName',
    'invoice.registryCode': 'registryCode',
    'invoice.vatNumber': 'vatNumber',
  };
  return map[serverField] ?? null;
}
