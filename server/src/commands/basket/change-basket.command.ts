import { Command } from '@nestjs/cqrs';
import type {
  CancelBasketConfirmation,
  ClearBasket,
  ExpireBasket,
  RemoveDocumentFromBasket,
} from '../../domain/basket/basket.decider';
import type { CommandResult } from '../shared/aggregate-store';

/** Remove a document, clear, expire or unconfirm a basket: changes that need nothing but the basket itself. */
export class ChangeBasket extends Command<CommandResult> {
  constructor(
    readonly command: RemoveDocumentFromBasket | ClearBasket | ExpireBasket | CancelBasketConfirmation,
    readonly commandId?: string,
  ) {
    super();
  }
}
