import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TRANSFER_FEE_RULE, transferFeeFor } from '../../domain/payout/transfer-fee';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import { SALES_LINES, type SaleLineView } from '../../projections/money/sales.read-model';
import { balanceOf, drawnBy } from './balance';
import { GetPayoutRequestInfoQuery } from './get-payout-request-info.query';
import type { PayoutRequestInfo } from './money.views';

@QueryHandler(GetPayoutRequestInfoQuery)
export class GetPayoutRequestInfoHandler implements IQueryHandler<
  GetPayoutRequestInfoQuery,
  PayoutRequestInfo
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ uploaderId, payeeName, now }: GetPayoutRequestInfoQuery): Promise<PayoutRequestInfo> {
    const [lines, payouts] = await Promise.all([
      this.readStore
        .collection<SaleLineView>(SALES_LINES)
        .find({ uploaderId }, { sort: { positionKey: 1, _id: 1 } }),
      this.readStore
        .collection<PayoutView>(PAYOUTS_COLLECTION)
        .find({ uploaderId }, { sort: { positionKey: -1 } }),
    ]);
    // Money is fungible; to show which bought documents the available amount comes from, payouts are
    // taken to draw on the oldest released earnings first.
    // A refunded sale and its refund cancel out (the refund is released when its sale is or later).
    let drawn = drawnBy(payouts);
    const refunded = new Set(
      lines.filter((l) => l.kind === 'refund').map((l) => `${l.purchaseId}:${l.documentId}`),
    );
    const documents: PayoutRequestInfo['documents'][number][] = [];
    for (const line of lines) {
      // Earnings taken back by a refund: whatever payouts drew on them now draws on later earnings.
      if (line.kind === 'refund' || refunded.has(`${line.purchaseId}:${line.documentId}`)) continue;
      if (Date.parse(line.releasedAt) > now.getTime() || line.uploaderEarnings === 0) continue;
      const used = Math.min(drawn, line.uploaderEarnings);
      drawn -= used;
      if (used < line.uploaderEarnings)
        documents.push({
          title: line.title,
          paidAt: line.paidAt,
          licenceFee: line.licenceFee,
          serviceFee: line.serviceFee,
          earned: line.uploaderEarnings,
          available: line.uploaderEarnings - used,
        });
    }
    const last = payouts[0] ?? null;
    const balance = balanceOf(lines, payouts, now);
    return {
      payeeName,
      balance,
      transferFeeRule: TRANSFER_FEE_RULE,
      transferFee: transferFeeFor(balance.available),
      lastIban: last?.iban ?? null,
      lastAccountHolder: last?.accountHolder ?? null,
      documents: documents.reverse(),
      licenceFees: documents.reduce((s, d) => s + d.licenceFee, 0),
      serviceFees: documents.reduce((s, d) => s + d.serviceFee, 0),
    };
  }
}
