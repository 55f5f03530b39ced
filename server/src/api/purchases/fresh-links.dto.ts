import { IsText } from '../validation/validation';

/** "Send me new links": the payer's e-mail and the purchase number. */
export class FreshLinksDto {
  @IsText(254)
  email = '';

  @IsText(40)
  purchaseNumber = '';
}
