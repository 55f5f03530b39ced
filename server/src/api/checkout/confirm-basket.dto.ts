import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, Min, ValidateNested } from 'class-validator';
import { IsFlag, IsOptionalFlag, IsOptionalText, IsText, msg } from '../validation/validation';

/**
 * The cart's form. Only types and sizes are checked here; the domain checks the rules (required fields,
 * e-mail, the two ticks, the VAT number), so every caller gets the same messages.
 */
export class InvoiceRequestDto {
  @IsText(500)
  companyName = '';

  @IsText(500)
  registryCode = '';

  @IsOptionalText(500)
  vatNumber?: string | null;
}

export class ConfirmBasketDto {
  @IsText(1000)
  email = '';

  @IsText(1000)
  firstName = '';

  @IsText(1000)
  lastName = '';

  @IsText(1000)
  address = '';

  /** The billing address's country (ISO 3166-1 alpha-2). */
  @IsText(10)
  country = '';

  /** The buyer's answer when the VAT evidence asks where they live (ISO alpha-2). */
  @IsOptionalText(10)
  countryOfResidence?: string | null;

  /** The buyer chose to pay with VAT now while VIES does not answer. */
  @IsOptionalFlag()
  payWithVatWhileViesUnavailable?: boolean;

  @IsFlag()
  previewsSeen = false;

  @IsFlag()
  termsAccepted = false;

  @IsOptional()
  @ValidateNested()
  @Type(() => InvoiceRequestDto)
  invoice?: InvoiceRequestDto | null;

  @IsText(200)
  paymentMethod = '';

  /** The total the buyer saw, in cents: a different total means the basket changed under them. */
  @IsDefined(msg('VALIDATION.REQUIRED'))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  expectedTotal!: number;
}

/** "Get it free": a basket with nothing to pay needs the e-mail the links go to and the terms. */
export class FreeCheckoutDto {
  @IsText(1000)
  email = '';

  @IsFlag()
  termsAccepted = false;
}

/** What the cart has of the buyer so far, for the VAT preview (POST …/vat-quote). */
export class VatQuoteDto {
  @IsText(10)
  country = '';

  @IsOptionalText(500)
  vatNumber?: string | null;

  @IsOptionalText(200)
  paymentMethod?: string | null;

  @IsOptionalText(10)
  countryOfResidence?: string | null;

  @IsOptionalFlag()
  payWithVatWhileViesUnavailable?: boolean;
}
