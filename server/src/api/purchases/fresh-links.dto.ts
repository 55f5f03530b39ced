import { IsString, MaxLength } from 'class-validator';
import { msg } from '../validation/validation';

/** "Send me new links": the payer's e-mail and the purchase number. */
export class FreshLinksDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(254, msg('VALIDATION.MAX_LENGTH', { 0: 254 }))
  email = '';

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(40, msg('VALIDATION.MAX_LENGTH', { 0: 40 }))
  purchaseNumber = '';
}
