import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DomainError } from '../../domain/shared/domain-error';
import type { InvoiceRequest, Payer, PurchaseTotals } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type {
  PurchaseView,
  RefundRequestView,
  RefundView,
} from '../../projections/purchases/purchases.read-model';
import { GetPurchaseQuery } from '../../queries/purchases/get-purchase.query';
import { AccountantOrAdmin } from '../auth/auth.decorators';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { UuidParamPipe } from '../validation/uuid-param.pipe';
import { PurchaseAccess } from './purchase-access';
import { invoiceReady, refundsOf } from './purchase-summary';

/** One purchase as the accountant reads it: its money facts and the buyer's invoicing details. */
export interface AccountingPurchase {
  readonly id: string;
  readonly number: string;
  readonly status: PurchaseView['status'];
  readonly createdAt: string;
  readonly paidAt: string | null;
  readonly canceledAt: string | null;
  readonly cancelReason: PurchaseView['cancelReason'];
  readonly payer: Payer;
  readonly invoice:
    (InvoiceRequest & { readonly number: string | null; readonly issuedAt: string | null }) | null;
  readonly paymentMethod: string;
  readonly provider: string | null;
  readonly transactionId: string | null;
  readonly lines: readonly {
    readonly documentId: string;
    readonly title: string;
    readonly uploaderId: string;
    readonly uploaderName: string;
    readonly price: number;
    readonly vat: number;
    readonly licenceFee: number;
    readonly serviceFee: number;
    readonly uploaderEarnings: number;
    readonly vatRate: number;
    readonly serviceFeeRate: number;
  }[];
  readonly totals: PurchaseTotals;
  readonly refunds: readonly RefundView[];
  /** The refunds asked for, with their credit notes and the reader's own links to them (10 minutes). */
  readonly refundRequests: readonly (RefundRequestView & { readonly creditNoteUrl: string | null })[];
  /** The invoice or receipt PDF through the reader's own link (10 minutes; each opening recorded). */
  readonly invoiceUrl: string | null;
}

/**
 * The accountant's own way to a purchase the journal names (accountants and admins): never the buyer's
 * link. Each read is recorded (PersonalDataRead) before the answer is sent.
 */
@AccountantOrAdmin()
@Controller('accounting/purchases')
export class AccountingPurchasesController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly access: PurchaseAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get(':purchaseId')
  async purchase(
    @CurrentUser() user: AuthenticatedUser,
    @Param('purchaseId', UuidParamPipe) purchaseId: string,
  ): Promise<AccountingPurchase> {
    const view = await this.queryBus.execute(new GetPurchaseQuery(purchaseId));
    if (view === null) throw new DomainError('PURCHASE.NOT_FOUND');
    const role = await this.access.recordStaffRead(user, 'GET /api/accounting/purchases/:purchaseId', [
      purchaseId,
    ]);
    return {
      id: view._id,
      number: view.number,
      status: view.status,
      createdAt: view.createdAt,
      paidAt: view.paidAt,
      canceledAt: view.canceledAt,
      cancelReason: view.cancelReason,
      payer: view.payer,
      invoice: view.invoice
        ? { ...view.invoice, number: view.invoiceNumber, issuedAt: view.invoiceIssuedAt }
        : null,
      paymentMethod: view.paymentMethod,
      provider: view.provider,
      transactionId: view.transactionId,
      lines: view.lines.map((line) => ({
        documentId: line.documentId,
        title: line.title,
        uploaderId: line.uploaderId,
        uploaderName: line.uploaderName,
        price: line.price,
        vat: line.vat,
        licenceFee: line.licenceFee,
        serviceFee: line.serviceFee,
        uploaderEarnings: line.uploaderEarnings,
        vatRate: line.vatRate,
        serviceFeeRate: line.serviceFeeRate,
      })),
      totals: view.totals,
      refunds: refundsOf(view),
      refundRequests: (view.refundRequests ?? []).map((r) => ({
        ...r,
        creditNoteUrl:
          r.creditNote !== null
            ? this.access.staffInvoiceLink(purchaseId, { role, userId: user.userId }, this.clock.now(), {
                creditNote: r.refundId,
                format: 'pdf',
              })
            : null,
      })),
      invoiceUrl: invoiceReady(view)
        ? this.access.staffInvoiceLink(purchaseId, { role, userId: user.userId }, this.clock.now())
        : null,
    };
  }
}
