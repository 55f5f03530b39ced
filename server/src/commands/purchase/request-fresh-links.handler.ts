import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { purchaseDecider, refundedDocumentIds } from '../../domain/purchase/purchase.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { purchaseStreamId } from '../../events/purchase.events';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { FindPurchasesByNumberQuery } from '../../queries/purchases/find-purchases-by-number.query';
import { InvoiceNumbers } from '../invoice/invoice-numbers';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { newAccessKeyId } from './purchase-access-keys';
import { PurchaseMails } from './purchase-mails';
import { RequestFreshLinksCommand } from './request-fresh-links.command';

@CommandHandler(RequestFreshLinksCommand)
export class RequestFreshLinksHandler implements ICommandHandler<
  RequestFreshLinksCommand,
  { position: LogPosition | null }
> {
  private readonly logger = new Logger(RequestFreshLinksHandler.name);

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly queryBus: QueryBus,
    private readonly mails: PurchaseMails,
    private readonly invoices: InvoiceNumbers,
  ) {}

  async execute({
    email,
    purchaseNumber,
    now,
  }: RequestFreshLinksCommand): Promise<{ position: LogPosition | null }> {
    const candidates = await this.queryBus.execute(new FindPurchasesByNumberQuery(purchaseNumber));
    let position: LogPosition | null = null;
    for (const purchaseId of candidates) {
      const stream = purchaseStreamId(purchaseId);
      const { state } = await this.aggregates.load(stream, purchaseDecider);
      // The purchase's own stream decides, not the read model: the e-mail must be the payer's.
      if (state.status !== 'paid' || state.payer.email !== email.trim().toLowerCase()) continue;
      // A purchase whose every document was refunded has nothing left to send (and says nothing about it).
      if (refundedDocumentIds(state).size === state.lines.length) continue;
      const renewed = await retryOnConflict(() =>
        this.aggregates.handle(stream, purchaseDecider, {
          type: 'RenewDownloadLinks',
          data: { purchaseId, keyId: newAccessKeyId() },
          context: { actorId: SYSTEM_ACTOR, now },
        }),
      );
      position = renewed.position ?? position;
      const { state: fresh } = await this.aggregates.load(stream, purchaseDecider);
      if (fresh.status === 'none') continue;
      const invoiceNumber = fresh.invoice ? await this.invoices.numberOf(purchaseId) : null;
      await this.mails.freshLinks(fresh, invoiceNumber);
      this.logger.log(`Fresh download links sent for purchase ${purchaseId}`);
    }
    return { position };
  }
}
