import { Command } from '@nestjs/cqrs';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';

/**
 * A buyer whose links ran out asks for new ones with the payer's e-mail and the purchase number. The
 * answer never says whether anything matched; the mail goes only to the payer's own address.
 */
export class RequestFreshLinksCommand extends Command<{ position: LogPosition | null }> {
  constructor(
    readonly email: string,
    readonly purchaseNumber: string,
    readonly now: Date,
  ) {
    super();
  }
}
