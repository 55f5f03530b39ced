import { IsDefined } from 'class-validator';
import { IsText, msg } from '../validation/validation';

/** POST /api/user/account/phone: the country code (selector) and the number as typed. */
export class RequestPhoneChangeDto {
  @IsText(8)
  @IsDefined(msg('VALIDATION.REQUIRED'))
  countryCode!: string;

  @IsText(40)
  @IsDefined(msg('VALIDATION.REQUIRED'))
  phoneNumber!: string;
}

/** POST /api/user/account/phone/verify: the code the text message carried. */
export class ConfirmPhoneChangeDto {
  @IsText(12)
  @IsDefined(msg('VALIDATION.REQUIRED'))
  code!: string;
}
