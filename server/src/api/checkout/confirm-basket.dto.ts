import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { msg } from '../validation/validation';

/**
 * The cart's form. Only types and sizes are checked here; the domain checks the rules (required fields,
 * e-mail, the two ticks, the VAT number), so every caller gets the same messages.
 */
export class InvoiceRequestDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(500, msg('VALIDATION.MAX_LENGTH', { 0: 500 }))
  companyName = '';

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(500, msg('VALIDATION.MAX_LENGTH', { 0: 500 }))
  registryCode = '';

  @IsOptional()
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(500, msg('VALIDATION.MAX_LENGTH', { 0: 500 }))
  vatNumber?: string | null;
}

export class ConfirmBasketDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(1000, msg('VALIDATION.MAX_LENGTH', { 0: 1000 }))
  email = '';

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(1000, msg('VALIDATION.MAX_LENGTH', { 0: 1000 }))
  firstName = '';

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(1000, msg('VALIDATION.MAX_LENGTH', { 0: 1000 }))
  lastName = '';

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(1000, msg('VALIDATION.MAX_LENGTH', { 0: 1000 }))
  address = '';

  /** The billing address's country (ISO 3166-1 alpha-2). */
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(10, msg('VALIDATION.MAX_LENGTH', { 0: 10 }))
  country = '';

  /** The buyer's answer when the VAT evidence asks where they live (ISO alpha-2). */
  @IsOptional()
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(10, msg('VALIDATION.MAX_LENGTH', { 0: 10 }))
  countryOfResidence?: string | null;

  /** The buyer chose to pay with VAT now while VIES does not answer. */
  @IsOptional()
  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  payWithVatWhileViesUnavailable?: boolean;

  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  previewsSeen = false;

  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  termsAccepted = false;

  @IsOptional()
  @ValidateNested()
  @Type(() => InvoiceRequestDto)
  invoice?: InvoiceRequestDto | null;

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  paymentMethod = '';

  /** The total the buyer saw, in cents: a different total means the basket changed under them. */
  @IsDefined(msg('VALIDATION.REQUIRED'))
  @IsInt(msg('VALIDATION.NOT_NUMBER'))
  @Min(0, msg('VALIDATION.MIN_VALUE', { 0: 0 }))
  expectedTotal!: number;
}

/** "Get it free": a basket with nothing to pay needs the e-mail the links go to and the terms. */
export class FreeCheckoutDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(1000, msg('VALIDATION.MAX_LENGTH', { 0: 1000 }))
  email = '';

  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  termsAccepted = false;
}

/** What the cart has of the buyer so far, for the VAT preview (POST …/vat-quote). */
export class VatQuoteDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(10, msg('VALIDATION.MAX_LENGTH', { 0: 10 }))
  country = '';

  @IsOptional()
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(500, msg('VALIDATION.MAX_LENGTH', { 0: 500 }))
  vatNumber?: string | null;

  @IsOptional()
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(200, msg('VALIDATION.MAX_LENGTH', { 0: 200 }))
  paymentMethod?: string | null;

  @IsOptional()
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(10, msg('VALIDATION.MAX_LENGTH', { 0: 10 }))
  countryOfResidence?: string | null;

  @IsOptional()
  @IsBoolean(msg('VALIDATION.INVALID_VALUE'))
  payWithVatWhileViesUnavailable?: boolean;
}
