import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { PurchaseLinks } from '../../commands/purchase/purchase-links';
import { DomainError } from '../../domain/shared/domain-error';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type {
  InvoiceView,
  PurchaseHistoryEntry,
  PurchaseView,
} from '../../projections/purchases/purchases.read-model';
import { GetPurchaseQuery } from '../../queries/purchases/get-purchase.query';
import { ListInvoicesQuery } from '../../queries/purchases/list-invoices.query';
import { ListPurchasesQuery } from '../../queries/purchases/list-purchases.query';
import { AdminOnly } from '../auth/auth.decorators';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { ListPurchasesDto } from './list-purchases.dto';
import { toPurchaseListItem } from './purchase-list-item';
import { type PurchaseSummary, toPurchaseSummary } from './purchase-summary';
import type { PurchaseListPage } from './user-purchases.controller';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One purchase for the admin: the buyer's summary plus everything recorded about it. */
export interface AdminPurchase extends PurchaseSummary {
  readonly basketId: string;
  readonly buyerId: string | null;
  readonly totals: PurchaseView['totals'] & { readonly taxableAmount: number };
  readonly provider: string | null;
  readonly transactionId: string | null;
  readonly providerResponse: PurchaseView['providerResponse'];
  readonly invoiceIssuedAt: string | null;
  readonly confirmationSentAt: string | null;
  readonly basketConverted: boolean;
  readonly downloadCount: number;
  /** Every event of the purchase, oldest first. */
  readonly history: readonly PurchaseHistoryEntry[];
}

export interface AdminInvoice extends Omit<InvoiceView, '_id' | 'searchText'> {
  readonly pdfUrl: string;
  /** The same invoice as an EN 16931 e-invoice (UBL 2.1 XML). */
  readonly xmlUrl: string;
}

/** Admins: purchases (list and one, with the full event history) and VAT invoices (list, PDF, e-invoice XML). */
@AdminOnly()
@Controller('admin')
export class AdminPurchasesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly links: PurchaseLinks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('purchases')
  async purchases(@Query() query: ListPurchasesDto): Promise<PurchaseListPage> {
    const page = await this.queryBus.execute(
      new ListPurchasesQuery({
        q: query.q,
        status: query.status,
        offset: query.offset ?? 0,
        limit: query.limit ?? 20,
      }),
    );
    return { ...page, items: page.items.map(toPurchaseListItem) };
  }

  @Get('purchases/:purchaseId')
  async purchase(@Param('purchaseId', UuidParamPipe) purchaseId: string): Promise<AdminPurchase> {
    const view = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
    if (view === null) throw new DomainError('PURCHASE.NOT_FOUND');
    return {
      ...toPurchaseSummary(view, this.links, this.clock.now()),
      basketId: view.basketId,
      buyerId: view.buyerId,
      totals: { ...view.totals, taxableAmount: view.totals.licenceFee },
      provider: view.provider,
      transactionId: view.transactionId,
      providerResponse: view.providerResponse,
      invoiceIssuedAt: view.invoiceIssuedAt,
      confirmationSentAt: view.confirmationSentAt,
      basketConverted: view.basketConverted,
      downloadCount: view.downloadCount,
      history: view.history,
    };
  }

  @Get('invoices')
  async invoices(
    @Query() query: ListPurchasesDto,
  ): Promise<{ items: readonly AdminInvoice[]; total: number; offset: number; limit: number }> {
    const page = await this.queryBus.execute(
      new ListInvoicesQuery({ q: query.q, offset: query.offset ?? 0, limit: query.limit ?? 20 }),
    );
    const until = new Date(this.clock.now().getTime() + DAY_MS);
    return {
      ...page,
      items: page.items.map(({ _id: _id, searchText: _searchText, ...invoice }) => ({
        ...invoice,
        pdfUrl: this.links.signed(invoice.purchaseId, 'invoice', until),
        xmlUrl: this.links.signed(invoice.purchaseId, 'invoice-xml', until),
      })),
    };
  }
}
