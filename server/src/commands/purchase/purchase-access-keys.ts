import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type PurchaseState, purchaseDecider } from '../../domain/purchase/purchase.decider';
import { SYSTEM_ACTOR } from '../../domain/shared/command';
import { purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { PurchaseLinks } from './purchase-links';

/** A new key id: 128 random bits (the key itself is derived from it and the shop's secret). */
export const newAccessKeyId = (): string => randomBytes(16).toString('hex');

type Existing = Exclude<PurchaseState, { status: 'none' }>;

/**
 * The buyer's access key of a purchase: issued with the checkout, and for a purchase that has none (one
 * made before keys existed, or a crash between the checkout's steps) the first time the buyer is sent to
 * it. Answers the purchase as it stands with its key.
 */
@Injectable()
export class PurchaseAccessKeys {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly links: PurchaseLinks,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async ensure(
    purchaseId: string,
  ): Promise<{ purchase: Existing; key: string; position: LogPosition | null } | null> {
    const stream = purchaseStreamId(purchaseId);
    let { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status === 'none') return null;
    let position: LogPosition | null = null;
    if (state.accessKeyId === null) {
      const issued = await retryOnConflict(() =>
        this.aggregates.handle(stream, purchaseDecider, {
          type: 'IssueAccessKey',
          data: { purchaseId, keyId: newAccessKeyId() },
          context: { actorId: SYSTEM_ACTOR, now: this.clock.now() },
        }),
      );
      position = issued.position;
      state = (await this.aggregates.load(stream, purchaseDecider)).state;
      if (state.status === 'none' || state.accessKeyId === null) return null;
    }
    return { purchase: state, key: this.links.accessKey(purchaseId, state.accessKeyId), position };
  }
}
