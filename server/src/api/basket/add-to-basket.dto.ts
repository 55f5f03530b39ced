import { IsDefined, IsUUID } from 'class-validator';
import { msg } from '../validation/validation';

export class AddToBasketDto {
  @IsUUID('all', msg('VALIDATION.INVALID_ID'))
  @IsDefined(msg('VALIDATION.REQUIRED'))
  documentId!: string;
}
