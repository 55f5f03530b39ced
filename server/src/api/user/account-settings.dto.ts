import { IsDefined, IsString, MaxLength } from 'class-validator';
import { msg } from '../validation/validation';

/** POST /api/user/account/phone: the country code (selector) and the number as typed. */
export class RequestPhoneChangeDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(8, msg('VALIDATION.MAX_LENGTH', { 0: 8 }))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  countryCode!: string;

  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(40, msg('VALIDATION.MAX_LENGTH', { 0: 40 }))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  phoneNumber!: string;
}

/** POST /api/user/account/phone/verify: the code the text message carried. */
export class ConfirmPhoneChangeDto {
  @IsString(msg('VALIDATION.INVALID_VALUE'))
  @MaxLength(12, msg('VALIDATION.MAX_LENGTH', { 0: 12 }))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  code!: string;
}
