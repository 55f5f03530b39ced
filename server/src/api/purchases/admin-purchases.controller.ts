import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  RefundPurchaseCommand,
  RetryRefundCommand,
  type RefundOutcome,
} from '../../commands/purchase/refund-purchase.command';
import { REFUND_REASON_MAX_LENGTH } from '../../domain/purchase/purchase.decider';
import { DomainError, FieldValidator } from '../../domain/shared/domain-error';
import { ProjectionRunner } from '../../projections/projection-runner';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import {
  type InvoiceView,
  type PurchaseHistoryEntry,
  type PurchaseView,
  type RefundRequestView,
  type RefundView,
  purchaseHistory,
} from '../../projections/purchases/purchases.read-model';
import { GetPurchaseQuery } from '../../queries/purchases/get-purchase.query';
import { ListInvoicesQuery } from '../../queries/purchases/list-invoices.query';
import { ListPurchasesQuery } from '../../queries/purchases/list-purchases.query';
import { AdminOnly } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { ListPurchasesDto } from './list-purchases.dto';
import { RefundPurchaseDto } from './refund-purchase.dto';
import { PurchaseAccess } from './purchase-access';
import { toPurchaseListItem } from './purchase-list-item';
import { type PurchaseSummary, invoiceReady, refundsOf, toPurchaseSummary } from './purchase-summary';
import type { PurchaseListPage } from './user-purchases.controller';

/** The buyer's links, which staff never get: they open the invoice through `invoiceUrl`. */
type BuyerLinks = 'archiveUrl' | 'documentUrl' | 'documents';

/** One purchase for the admin: the buyer's summary without the buyer's links, plus everything recorded about it. */
export interface AdminPurchase extends Omit<PurchaseSummary, BuyerLinks> {
  readonly documents: readonly Omit<PurchaseSummary['documents'][number], 'files'>[];
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
  /** The purchase a newer checkout of the same basket made instead of this one. */
  readonly supersededBy: string | null;
  /** Payments owed back to the payer (PurchaseRefundDue); `refundDue` while any is. */
  readonly refunds: readonly RefundView[];
  /** The invoice or receipt PDF through the admin's own link (10 minutes; each opening recorded). */
  readonly invoiceUrl: string | null;
  /** Refunds asked for, oldest first, each with its credit note's links (the admin's own, 10 minutes). */
  readonly refundRequests: readonly (RefundRequestView & {
    readonly creditNoteUrl: string | null;
    readonly creditNoteXmlUrl: string | null;
  })[];
  /** The payment's transaction can be refunded (paid, not everything refunded, no refund at the gateway). */
  readonly refundable: boolean;
  /** Every event of the purchase, oldest first. */
  readonly history: readonly PurchaseHistoryEntry[];
}

export interface AdminInvoice extends Omit<InvoiceView, '_id' | 'searchText'> {
  readonly pdfUrl: string;
  /** The same invoice as an EN 16931 e-invoice (UBL 2.1 XML). */
  readonly xmlUrl: string;
}

/** The read models a refund changes, which the admin's next screens read. */
const REFUND_READ_MODELS = ['purchases', 'ledger', 'sales', 'vat'];

/**
 * Admins: purchases (list and one, with the full event history) and VAT invoices (list, PDF, e-invoice
 * XML). Each answer holds buyers' personal data, so each is recorded as a read (PersonalDataRead: who,
 * where, which purchases, when) before it is sent; the PDF and the XML open through the admin's own short
 * links, recorded when opened.
 */
@AdminOnly()
@Controller('admin')
export class AdminPurchasesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
    private readonly projections: ProjectionRunner,
    private readonly access: PurchaseAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('purchases')
  async purchases(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListPurchasesDto,
  ): Promise<PurchaseListPage> {
    const page = await this.queryBus.execute(
      new ListPurchasesQuery({
        q: query.q,
        status: query.status,
        refundDue: query.refund === 'due' ? true : undefined,
        refunded: query.refund === 'refunded' ? true : undefined,
        offset: query.offset ?? 0,
        limit: query.limit ?? 20,
      }),
    );
    await this.access.recordStaffRead(
      user,
      'GET /api/admin/purchases',
      page.items.map((p) => p._id),
    );
    return { ...page, items: page.items.map(toPurchaseListItem) };
  }

  @Get('purchases/:purchaseId')
  purchase(
    @CurrentUser() user: AuthenticatedUser,
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
  ): Promise<AdminPurchase> {
    return this.adminPurchase(user, purchaseId, 'GET /api/admin/purchases/:purchaseId');
  }

  /**
   * Refunds the paid purchase, whole or some documents (`documentIds`), or a payment owed back
   * (`transactionId`), with a reason, through the payments port. Answers the purchase with the refund's
   * outcome: completed, failed (the gateway refused; shown with its words) or still requested (the gateway
   * said "still processing" or did not answer; the sweep or a retry completes it).
   */
  @Post('purchases/:purchaseId/refunds')
  @HttpCode(200)
  async refund(
    @CurrentUser() user: AuthenticatedUser,
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Body() body: RefundPurchaseDto,
  ): Promise<AdminPurchase & { readonly refund: Omit<RefundOutcome, 'position'> }> {
    const v = new FieldValidator();
    v.requiredText('reason', body.reason, REFUND_REASON_MAX_LENGTH, 'multiline');
    v.throwIfAny();
    if (body.documentIds !== undefined && body.transactionId !== undefined)
      throw new DomainError('REFUND.DOCUMENTS_OR_PAYMENT');
    const view = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
    if (view === null) throw new DomainError('PURCHASE.NOT_FOUND');
    const { refundId, outcome, position } = await this.commandBus.execute(
      new RefundPurchaseCommand(
        {
          purchaseId,
          documentIds: body.documentIds ?? null,
          transactionId: body.transactionId ?? null,
          reason: body.reason,
        },
        user.userId,
      ),
    );
    await this.projections.waitFor(position, REFUND_READ_MODELS);
    const purchase = await this.adminPurchase(
      user,
      purchaseId,
      'POST /api/admin/purchases/:purchaseId/refunds',
    );
    return { ...purchase, refund: { refundId, outcome } };
  }

  /** Asks the gateway again for a refund still requested (409 REFUND.NOT_OPEN once it completed or failed). */
  @Post('purchases/:purchaseId/refunds/:refundId/retry')
  @HttpCode(200)
  async retryRefund(
    @CurrentUser() user: AuthenticatedUser,
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
    @Param('refundId', UuidParamPipe) refundId: string,
  ): Promise<AdminPurchase & { readonly refund: Omit<RefundOutcome, 'position'> }> {
    const { outcome, position } = await this.commandBus.execute(new RetryRefundCommand(purchaseId, refundId));
    await this.projections.waitFor(position, REFUND_READ_MODELS);
    const purchase = await this.adminPurchase(
      user,
      purchaseId,
      'POST /api/admin/purchases/:purchaseId/refunds/:refundId/retry',
    );
    return { ...purchase, refund: { refundId, outcome } };
  }

  private async adminPurchase(
    user: AuthenticatedUser,
    purchaseId: string,
    endpoint: string,
  ): Promise<AdminPurchase> {
    const view = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
    if (view === null) throw new DomainError('PURCHASE.NOT_FOUND');
    const role = await this.access.recordStaffRead(user, endpoint, [purchaseId]);
    const staff = { role, userId: user.userId };
    const now = this.clock.now();
    const {
      archiveUrl: _archive,
      documentUrl: _document,
      documents,
      ...summary
    } = toPurchaseSummary(view, now, null);
    return {
      ...summary,
      documents: documents.map(({ files: _files, ...document }) => document),
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
      supersededBy: view.supersededBy ?? null,
      refunds: refundsOf(view),
      invoiceUrl: invoiceReady(view) ? this.access.staffInvoiceLink(purchaseId, staff, now) : null,
      refundRequests: (view.refundRequests ?? []).map((r) => ({
        ...r,
        creditNoteUrl:
          r.creditNote !== null
            ? this.access.staffInvoiceLink(purchaseId, staff, now, { creditNote: r.refundId, format: 'pdf' })
            : null,
        creditNoteXmlUrl:
          r.creditNote?.kind === 'credit-note'
            ? this.access.staffInvoiceLink(purchaseId, staff, now, { creditNote: r.refundId, format: 'xml' })
            : null,
      })),
      refundable:
        view.status === 'paid' &&
        !(view.refundRequests ?? []).some((r) => r.status === 'requested') &&
        (view.refundedDocumentIds ?? []).length < view.lines.length,
      history: purchaseHistory(view),
    };
  }

  @Get('invoices')
  async invoices(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ListPurchasesDto,
  ): Promise<{ items: readonly AdminInvoice[]; total: number; offset: number; limit: number }> {
    const page = await this.queryBus.execute(
      new ListInvoicesQuery({ q: query.q, offset: query.offset ?? 0, limit: query.limit ?? 20 }),
    );
    const role = await this.access.recordStaffRead(
      user,
      'GET /api/admin/invoices',
      page.items.map((invoice) => invoice.purchaseId),
    );
    const now = this.clock.now();
    return {
      ...page,
      items: page.items.map(({ _id: _id, searchText: _searchText, ...invoice }) => ({
        ...invoice,
        pdfUrl: this.access.staffInvoiceLink(invoice.purchaseId, { role, userId: user.userId }, now),
        xmlUrl: this.access.staffInvoiceLink(
          invoice.purchaseId,
          { role, userId: user.userId },
          now,
          'invoice-xml',
        ),
      })),
    };
  }
}
