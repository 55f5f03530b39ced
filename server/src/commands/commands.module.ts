import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RecordPersonalDataReadHandler } from './audit/record-personal-data-read.handler';
import { AddDocumentToBasketHandler } from './basket/add-document-to-basket.handler';
import { ChangeBasketHandler } from './basket/change-basket.handler';
import { BasketVatFacts } from './basket/basket-vat-facts';
import { ConfirmBasketHandler } from './basket/confirm-basket.handler';
import { QuoteBasketVatHandler } from './basket/quote-basket-vat.handler';
import { InvoiceNumbers } from './invoice/invoice-numbers';
import { RecordPurchaseDownloadHandler } from './purchase/change-purchase.handler';
import { CheckOutBasketHandler } from './purchase/check-out-basket.handler';
import { PaymentReconciliation } from './purchase/payment-reconciliation';
import { PurchaseAccessKeys } from './purchase/purchase-access-keys';
import { PurchaseFollowUps } from './purchase/purchase-follow-ups';
import { PurchaseLinks } from './purchase/purchase-links';
import { PurchaseMails } from './purchase/purchase-mails';
import { PurchaseRefunds } from './purchase/purchase-refunds';
import { PurchaseSweepScheduler } from './purchase/purchase-sweep.scheduler';
import { RefundPurchaseHandler, RetryRefundHandler } from './purchase/refund-purchase.handler';
import { SweepPause } from './shared/sweep-pause';
import { RecordPaymentMessageHandler } from './purchase/record-payment-message.handler';
import { RequestFreshLinksHandler } from './purchase/request-fresh-links.handler';
import { ChangeDocumentHandler } from './document/change-document.handler';
import { UploadFileHandler } from './document/upload-file.handler';
import { ExecutePayoutBatchHandler } from './payout/execute-payout-batch.handler';
import { ExportPayoutBatchHandler } from './payout/export-payout-batch.handler';
import { RejectPayoutHandler } from './payout/reject-payout.handler';
import { CheckPayoutRequestHandler, RequestPayoutHandler } from './payout/request-payout.handler';
import { ChangeMailSettingsHandler } from './profile/change-mail-settings.handler';
import { ChangeAccountantRoleHandler } from './profile/change-accountant-role.handler';
import { AcceptUserTermsHandler } from './profile/accept-user-terms.handler';
import { ChangeAdminRoleHandler } from './profile/change-admin-role.handler';
import { RegisterProfileHandler } from './profile/register-profile.handler';
import { UpdateProfileHandler } from './profile/update-profile.handler';
import { AggregateStore } from './shared/aggregate-store';
import { EndSessionsHandler } from './sign-in/end-sessions.handler';
import { RequirePasswordResetHandler } from './sign-in/require-password-reset.handler';

/** Every command handler. Ports (EVENT_STORE, FEE_RATES) come from the global infrastructure module. */
@Module({
  imports: [CqrsModule],
  providers: [
    AggregateStore,
    ChangeDocumentHandler,
    UploadFileHandler,
    AddDocumentToBasketHandler,
    ChangeBasketHandler,
    RegisterProfileHandler,
    UpdateProfileHandler,
    AcceptUserTermsHandler,
    ChangeAdminRoleHandler,
    ConfirmBasketHandler,
    QuoteBasketVatHandler,
    BasketVatFacts,
    CheckOutBasketHandler,
    RecordPaymentMessageHandler,
    RecordPurchaseDownloadHandler,
    RequestFreshLinksHandler,
    PurchaseLinks,
    PurchaseMails,
    PurchaseFollowUps,
    PurchaseAccessKeys,
    PaymentReconciliation,
    PurchaseRefunds,
    RefundPurchaseHandler,
    RetryRefundHandler,
    InvoiceNumbers,
    PurchaseSweepScheduler,
    SweepPause,
    ChangeAccountantRoleHandler,
    RequestPayoutHandler,
    CheckPayoutRequestHandler,
    ChangeMailSettingsHandler,
    ExportPayoutBatchHandler,
    ExecutePayoutBatchHandler,
    RejectPayoutHandler,
    EndSessionsHandler,
    RecordPersonalDataReadHandler,
    RequirePasswordResetHandler,
  ],
  exports: [
    AggregateStore,
    PurchaseLinks,
    PurchaseAccessKeys,
    InvoiceNumbers,
    PurchaseSweepScheduler,
    SweepPause,
    BasketVatFacts,
  ],
})
export class CommandsModule {}
