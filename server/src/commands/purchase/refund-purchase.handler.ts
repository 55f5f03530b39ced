import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PurchaseRefunds } from './purchase-refunds';
import { type RefundOutcome, RefundPurchaseCommand, RetryRefundCommand } from './refund-purchase.command';

@CommandHandler(RefundPurchaseCommand)
export class RefundPurchaseHandler implements ICommandHandler<RefundPurchaseCommand, RefundOutcome> {
  constructor(private readonly refunds: PurchaseRefunds) {}

  execute({ ask, actorId }: RefundPurchaseCommand): Promise<RefundOutcome> {
    return this.refunds.request(ask, actorId);
  }
}

@CommandHandler(RetryRefundCommand)
export class RetryRefundHandler implements ICommandHandler<RetryRefundCommand, RefundOutcome> {
  constructor(private readonly refunds: PurchaseRefunds) {}

  async execute({ purchaseId, refundId }: RetryRefundCommand): Promise<RefundOutcome> {
    const { outcome, position } = await this.refunds.retry(purchaseId, refundId);
    return { refundId, outcome, position };
  }
}
