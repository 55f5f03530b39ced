import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { searchTerms } from '../../domain/catalogue/search-text';
import { type Filter, READ_STORE, type ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  INVOICES_COLLECTION,
  type InvoiceView,
  PURCHASES_COLLECTION,
  type PurchaseView,
} from '../../projections/purchases/purchases.read-model';
import { FindPurchasesByNumberQuery } from './find-purchases-by-number.query';
import { GetPurchaseQuery } from './get-purchase.query';
import { type InvoicePage, ListInvoicesQuery } from './list-invoices.query';
import { ListPurchasesQuery, type PurchasePage } from './list-purchases.query';
import { PendingPurchasesQuery } from './pending-purchases.query';
import { type PurchasesDue, PurchasesDueQuery } from './purchases-due.query';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const textFilter = (field: string, q: string | undefined): Filter[] =>
  q ? searchTerms(q).map((term) => ({ [field]: { $regex: escapeRegex(term) } })) : [];

@QueryHandler(GetPurchaseQuery)
export class GetPurchaseHandler implements IQueryHandler<GetPurchaseQuery, PurchaseView | null> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  execute({ purchaseId }: GetPurchaseQuery): Promise<PurchaseView | null> {
    return this.readStore.collection<PurchaseView>(PURCHASES_COLLECTION).findOne({ _id: purchaseId });
  }
}

@QueryHandler(ListPurchasesQuery)
export class ListPurchasesHandler implements IQueryHandler<ListPurchasesQuery, PurchasePage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: ListPurchasesQuery): Promise<PurchasePage> {
    const purchases = this.readStore.collection<PurchaseView>(PURCHASES_COLLECTION);
    const conditions: Filter[] = [
      ...textFilter('searchText', criteria.q),
      ...(criteria.status ? [{ status: criteria.status }] : []),
      ...(criteria.buyerId ? [{ buyerId: criteria.buyerId }] : []),
      ...(criteria.documentId ? [{ 'lines.documentId': criteria.documentId }] : []),
      ...(criteria.refundDue ? [{ refundDue: true }] : []),
      ...(criteria.refunded ? [{ refundRequests: { $elemMatch: { status: 'completed' } } }] : []),
    ];
    const filter: Filter = conditions.length > 0 ? { $and: conditions } : {};
    const [items, total] = await Promise.all([
      purchases.find(filter, {
        sort: { createdAt: -1, _id: 1 },
        skip: criteria.offset,
        limit: criteria.limit,
      }),
      purchases.count(filter),
    ]);
    return { items, total, offset: criteria.offset, limit: criteria.limit };
  }
}

@QueryHandler(ListInvoicesQuery)
export class ListInvoicesHandler implements IQueryHandler<ListInvoicesQuery, InvoicePage> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ criteria }: ListInvoicesQuery): Promise<InvoicePage> {
    const invoices = this.readStore.collection<InvoiceView>(INVOICES_COLLECTION);
    const conditions = textFilter('searchText', criteria.q);
    const filter: Filter = conditions.length > 0 ? { $and: conditions } : {};
    const [items, total] = await Promise.all([
      invoices.find(filter, {
        sort: { series: 1, sequence: -1 },
        skip: criteria.offset,
        limit: criteria.limit,
      }),
      invoices.count(filter),
    ]);
    return { items, total, offset: criteria.offset, limit: criteria.limit };
  }
}

@QueryHandler(FindPurchasesByNumberQuery)
export class FindPurchasesByNumberHandler implements IQueryHandler<FindPurchasesByNumberQuery, string[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ purchaseNumber }: FindPurchasesByNumberQuery): Promise<string[]> {
    const found = await this.readStore
      .collection<PurchaseView>(PURCHASES_COLLECTION)
      .find({ number: purchaseNumber }, { limit: 10 });
    return found.map((p) => p._id);
  }
}

@QueryHandler(PurchasesDueQuery)
export class PurchasesDueHandler implements IQueryHandler<PurchasesDueQuery, PurchasesDue> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ now, limit }: PurchasesDueQuery): Promise<PurchasesDue> {
    const purchases = this.readStore.collection<PurchaseView>(PURCHASES_COLLECTION);
    const [expired, incomplete, refunds] = await Promise.all([
      purchases.find(
        { status: 'pending', activeUntil: { $lte: now.toISOString() } },
        { sort: { activeUntil: 1 }, limit },
      ),
      purchases.find(
        {
          status: 'paid',
          $or: [
            { basketConverted: false },
            { confirmationSentAt: null },
            { invoice: { $ne: null }, invoiceNumber: null },
            { invoice: null, receiptNumber: null, 'vat.reason': { $ne: 'before-vat-by-buyer' } },
          ],
        },
        { sort: { createdAt: 1 }, limit },
      ),
      purchases.find({ refundOpen: true }, { sort: { createdAt: 1 }, limit }),
    ]);
    return {
      expired: expired.map((p) => p._id),
      incomplete: incomplete.map((p) => p._id),
      refunds: refunds.map((p) => p._id),
    };
  }
}

@QueryHandler(PendingPurchasesQuery)
export class PendingPurchasesHandler implements IQueryHandler<PendingPurchasesQuery, string[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ limit }: PendingPurchasesQuery): Promise<string[]> {
    const pending = await this.readStore
      .collection<PurchaseView>(PURCHASES_COLLECTION)
      .find({ status: 'pending' }, { sort: { createdAt: 1 }, limit });
    return pending.map((p) => p._id);
  }
}
