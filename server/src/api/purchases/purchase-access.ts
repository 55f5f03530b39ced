import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RecordPersonalDataReadCommand } from '../../commands/audit/record-personal-data-read.command';
import { PurchaseAccessKeys } from '../../commands/purchase/purchase-access-keys';
import {
  type LinkHolder,
  type PurchaseLinkTarget,
  PurchaseLinks,
  type StaffRole,
} from '../../commands/purchase/purchase-links';
import { DomainError } from '../../domain/shared/domain-error';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import { ProjectionRunner } from '../../projections/projection-runner';
import type { PurchaseView } from '../../projections/purchases/purchases.read-model';
import { GetPurchaseQuery } from '../../queries/purchases/get-purchase.query';
import { GetProductUserQuery } from '../../queries/users/get-product-user.query';
import type { AuthenticatedUser } from '../auth/current-user.decorator';
import { ApiError } from '../errors/api-error';
import type { LinkMaker } from './purchase-summary';

type QueryValue = string | string[] | undefined;

/** The header a buyer's browser sends their access key in (read from the page address's fragment). */
export const PURCHASE_KEY_HEADER = 'x-purchase-key';

/** Who opened a purchase through a link, as the download records it (docs/api.md "Purchases"). */
export function downloadActor(holder: LinkHolder): string {
  return holder.kind === 'key' ? 'purchase-key' : holder.userId;
}

/**
 * Who may open a purchase, in one place (docs/decisions/purchase-access-keys.md):
 * - the summary: the holder of the buyer's current access key, or the signed-in buyer whose purchase it
 *   is; anybody else (the purchase id alone, another buyer, an uploader of one of its documents, staff)
 *   gets 404 PURCHASE.NOT_FOUND, the same answer as for no purchase at all;
 * - files, the zip and the invoice (`openLink`): a link signed for its holder under the current key, or a
 *   staff invoice link, whose opening is recorded as a read of personal data first;
 * - staff reads through their own endpoints (`recordStaffRead`): recorded before the answer goes out.
 * A new route that serves a purchase's document (the invoice as XML, say) calls `openLink` with its own
 * target and gets the same rules.
 */
@Injectable()
export class PurchaseAccess {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
    private readonly links: PurchaseLinks,
    private readonly keys: PurchaseAccessKeys,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The purchase for its buyer (by key or by sign-in), with the link maker for that holder; else 404. */
  async openSummary(
    purchaseId: string,
    user: AuthenticatedUser | null,
    key: string | undefined,
  ): Promise<{ view: PurchaseView; linkFor: LinkMaker }> {
    const view = await this.purchase(purchaseId);
    if (view !== null && this.links.accessKeyMatches(purchaseId, view.accessKeyId ?? null, key)) {
      return { view, linkFor: this.linkMaker(view._id, view.accessKeyId!, { kind: 'key' }) };
    }
    if (view !== null && user !== null && view.buyerId === user.userId) {
      // A purchase from before access keys gets its key now: its links are made under it.
      let keyId = view.accessKeyId ?? null;
      if (keyId === null) {
        const issued = await this.keys.ensure(purchaseId);
        keyId = issued?.purchase.accessKeyId ?? null;
        // The links are checked against the read model: it must know the key before they are used.
        await this.projections.waitFor(issued?.position ?? null, ['purchases']);
      }
      if (keyId !== null) {
        return {
          view: { ...view, accessKeyId: keyId },
          linkFor: this.linkMaker(view._id, keyId, { kind: 'buyer', userId: user.userId }),
        };
      }
    }
    throw new DomainError('PURCHASE.NOT_FOUND');
  }

  /**
   * A file, zip or invoice link: its signature, holder and expiry must hold under the purchase's current
   * key (403 PURCHASE.LINK_INVALID, 410 PURCHASE.LINKS_EXPIRED). A staff link opens only the invoice, and
   * its opening is recorded as a read of personal data before anything is sent.
   */
  async openLink(
    purchaseId: string,
    target: PurchaseLinkTarget,
    query: Readonly<Record<string, QueryValue>>,
  ): Promise<{ view: PurchaseView; holder: LinkHolder; now: Date }> {
    const now = this.clock.now();
    const view = await this.purchase(purchaseId);
    const result =
      view === null
        ? ({ verdict: 'invalid' } as const)
        : this.links.verify(purchaseId, view.accessKeyId ?? null, target, query, now);
    if (view === null || result.verdict === 'invalid') throw new ApiError(403, 'PURCHASE.LINK_INVALID');
    const staffMayOpen = typeof target === 'string' ? target !== 'archive' : 'creditNote' in target;
    if (result.holder.kind === 'staff' && !staffMayOpen) {
      throw new ApiError(403, 'PURCHASE.LINK_INVALID');
    }
    if (result.verdict === 'expired') throw new DomainError('PURCHASE.LINKS_EXPIRED');
    if (result.holder.kind === 'staff') {
      await this.record(
        result.holder.userId,
        result.holder.role,
        typeof target === 'string'
          ? `GET /api/purchases/:purchaseId/${target}`
          : `GET /api/purchases/:purchaseId/credit-notes/:refundId${'format' in target && target.format === 'xml' ? '/xml' : ''}`,
        [purchaseId],
      );
    }
    return { view, holder: result.holder, now };
  }

  /** The reader's role (admins first: an admin who is also an accountant reads as admin). */
  async staffRole(user: AuthenticatedUser): Promise<StaffRole> {
    const product = await this.queryBus.execute(new GetProductUserQuery(user));
    return product.isAdmin ? 'admin' : 'accountant';
  }

  /**
   * Records that `user` is reading the personal data of these purchases through `endpoint`, before the
   * answer is sent (nothing is recorded for an answer that holds none). Answers the reader's role.
   */
  async recordStaffRead(
    user: AuthenticatedUser,
    endpoint: string,
    purchaseIds: readonly string[],
  ): Promise<StaffRole> {
    const role = await this.staffRole(user);
    if (purchaseIds.length > 0) await this.record(user.userId, role, endpoint, purchaseIds);
    return role;
  }

  /** A staff member's link to the invoice (PDF or e-invoice XML), valid for minutes: each opening is recorded as a read. */
  staffInvoiceLink(
    purchaseId: string,
    staff: { role: StaffRole; userId: string },
    now: Date,
    target:
      'invoice' | 'invoice-xml' | { readonly creditNote: string; readonly format: 'pdf' | 'xml' } = 'invoice',
  ): string {
    return this.links.signedForStaff(purchaseId, target, staff, new Date(now.getTime() + STAFF_LINK_MS));
  }

  private linkMaker(purchaseId: string, keyId: string, holder: LinkHolder): LinkMaker {
    return (target, validUntil) => this.links.signed(purchaseId, keyId, target, validUntil, holder);
  }

  private async record(
    readerId: string,
    role: StaffRole,
    endpoint: string,
    purchaseIds: readonly string[],
  ): Promise<void> {
    await this.commandBus.execute(
      new RecordPersonalDataReadCommand({
        readerId,
        role,
        endpoint,
        purchaseIds: [...purchaseIds],
        readAt: this.clock.now().toISOString(),
      }),
    );
  }

  private purchase(purchaseId: string): Promise<PurchaseView | null> {
    return this.queryBus.execute(new GetPurchaseQuery(purchaseId));
  }
}

/** How long a member of staff's invoice link works: long enough to click, short enough not to be kept. */
export const STAFF_LINK_MS = 10 * 60 * 1000;
