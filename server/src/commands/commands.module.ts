import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AddDocumentToBasketHandler } from './basket/add-document-to-basket.handler';
import { ChangeBasketHandler } from './basket/change-basket.handler';
import { ChangeDocumentHandler } from './document/change-document.handler';
import { UploadFileHandler } from './document/upload-file.handler';
import { ChangePayoutHandler } from './payout/change-payout.handler';
import { RequestPayoutHandler } from './payout/request-payout.handler';
import { ChangeAccountantRoleHandler } from './profile/change-accountant-role.handler';
import { AcceptUserTermsHandler } from './profile/accept-user-terms.handler';
import { ChangeAdminRoleHandler } from './profile/change-admin-role.handler';
import { RegisterProfileHandler } from './profile/register-profile.handler';
import { UpdateProfileHandler } from './profile/update-profile.handler';
import { AggregateStore } from './shared/aggregate-store';
import { EndSessionsHandler } from './sign-in/end-sessions.handler';

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
    ChangeAccountantRoleHandler,
    RequestPayoutHandler,
    ChangePayoutHandler,
    EndSessionsHandler,
  ],
  exports: [AggregateStore],
})
export class CommandsModule {}
