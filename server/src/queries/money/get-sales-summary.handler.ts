import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PAYOUTS_COLLECTION, type PayoutView } from '../../projections/money/payouts.read-model';
import {
  SALES_DOWNLOADS,
  SALES_LINES,
  type SaleDownloadView,
  type SaleLineView,
} from '../../projections/money/sales.read-model';
import { balanceOf } from './balance';
import { GetSalesSummaryQuery } from './get-sales-summary.query';
import type { DocumentSales, SalesSummary } from './money.views';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

@QueryHandler(GetSalesSummaryQuery)
export class GetSalesSummaryHandler implements IQueryHandler<GetSalesSummaryQuery, SalesSummary> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ uploaderId, period, now }: GetSalesSummaryQuery): Promise<SalesSummary> {
    const inPeriod = { $gte: period.from, $lte: period.to };
    const [allLines, downloads, payouts] = await Promise.all([
      this.readStore
        .collection<SaleLineView>(SALES_LINES)
        .find({ uploaderId }, { sort: { positionKey: 1, _id: 1 } }),
      this.readStore
        .collection<SaleDownloadView>(SALES_DOWNLOADS)
        .find({ uploaderId, day: inPeriod }, { sort: { positionKey: -1, _id: 1 } }),
      this.readStore.collection<PayoutView>(PAYOUTS_COLLECTION).find({ uploaderId }),
    ]);
    const lines = allLines.filter((l) => l.day >= period.from && l.day <= period.to);
    const requested = payouts.filter(
      (p) => p.status !== 'rejected' && p.requestedDay >= period.from && p.requestedDay <= period.to,
    );
    const executed = payouts.filter(
      (p) => p.executionDate !== null && p.executionDate >= period.from && p.executionDate <= period.to,
    );

    const documents = new Map<string, DocumentSales>();
    for (const line of lines) {
      const d = documents.get(line.documentId);
      documents.set(line.documentId, {
        documentId: line.documentId,
        title: line.title,
        slug: line.slug,
        sold: (d?.sold ?? 0) + (line.kind === 'refund' ? 0 : 1),
        refunded: (d?.refunded ?? 0) + (line.kind === 'refund' ? 1 : 0),
        downloads: d?.downloads ?? 0,
        price: (d?.price ?? 0) + line.price,
        vat: (d?.vat ?? 0) + line.vat,
        licenceFee: (d?.licenceFee ?? 0) + line.licenceFee,
        serviceFee: (d?.serviceFee ?? 0) + line.serviceFee,
        earned: (d?.earned ?? 0) + line.uploaderEarnings,
      });
    }
    for (const download of downloads) {
      const d = documents.get(download.documentId);
      if (d) documents.set(download.documentId, { ...d, downloads: d.downloads + 1 });
      else
        documents.set(download.documentId, {
          documentId: download.documentId,
          title: download.documentTitle,
          slug: '',
          sold: 0,
          refunded: 0,
          downloads: 1,
          price: 0,
          vat: 0,
          licenceFee: 0,
          serviceFee: 0,
          earned: 0,
        });
    }

    const series = new Map<string, { earned: number; licenceFees: number }>();
    for (const line of lines) {
      const s = series.get(line.day) ?? { earned: 0, licenceFees: 0 };
      series.set(line.day, {
        earned: s.earned + line.uploaderEarnings,
        licenceFees: s.licenceFees + line.licenceFee,
      });
    }

    return {
      uploaderId,
      period,
      totals: {
        purchased: sum(lines.map((l) => l.licenceFee)),
        serviceFees: sum(lines.map((l) => l.serviceFee)),
        vat: sum(lines.map((l) => l.vat)),
        earned: sum(lines.map((l) => l.uploaderEarnings)),
        pending: sum(requested.filter((p) => p.status === 'requested').map((p) => p.netAmount)),
        paidOut: sum(executed.map((p) => p.netAmount)),
        transferFees: sum(requested.map((p) => p.transferFee)),
        documentsSold: lines.filter((l) => l.kind !== 'refund').length,
        documentsRefunded: lines.filter((l) => l.kind === 'refund').length,
        downloads: downloads.length,
      },
      balance: balanceOf(allLines, payouts, now),
      documents: [...documents.values()].sort(
        (a, b) => b.earned - a.earned || a.title.localeCompare(b.title, 'et'),
      ),
      sales: [...lines].reverse().map((l) => ({
        kind: l.kind ?? 'sale',
        reason: l.refundReason ?? null,
        documentId: l.documentId,
        title: l.title,
        paidAt: l.paidAt,
        releasedAt: l.releasedAt,
        price: l.price,
        vat: l.vat,
        licenceFee: l.licenceFee,
        serviceFee: l.serviceFee,
        earned: l.uploaderEarnings,
        eventId: l.event.eventId,
      })),
      downloads: downloads.map((d) => ({
        downloadedAt: d.downloadedAt,
        documentId: d.documentId,
        documentTitle: d.documentTitle,
        fileTitle: d.fileTitle,
        archive: d.archive,
        amount: d.uploaderEarnings,
      })),
      series: [...series].sort(([a], [b]) => a.localeCompare(b)).map(([day, s]) => ({ day, ...s })),
    };
  }
}
