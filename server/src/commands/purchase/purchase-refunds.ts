import { Inject, Injectable, Logger } from '@nestjs/common';
import { v4 as uuidv4 } from 'uuid';
import { type RefundState, purchaseDecider } from '../../domain/purchase/purchase.decider';
import { type CommandContext, SYSTEM_ACTOR } from '../../domain/shared/command';
import { DomainError } from '../../domain/shared/domain-error';
import { purchaseStreamId } from '../../events/purchase.events';
import { CLOCK, type Clock } from '../../infrastructure/clock/clock';
import type { LogPosition } from '../../infrastructure/event-store/event-store.port';
import {
  PAYMENT_GATEWAY,
  type PaymentGateway,
  type RefundResult,
} from '../../infrastructure/payments/payment-gateway.port';
import { InvoiceNumbers } from '../invoice/invoice-numbers';
import { AggregateStore } from '../shared/aggregate-store';
import { retryOnConflict } from '../shared/retry-on-conflict';
import { purchaseNumber } from '../../domain/purchase/purchase-naming';
import { PurchaseMails } from './purchase-mails';

/** Where a refund stands after an attempt at the gateway. */
export type RefundAttempt = 'completed' | 'failed' | 'processing';

/** What the admin asked: documents of the sale (null: every one not yet refunded), or a payment owed back. */
export interface RefundAsk {
  readonly purchaseId: string;
  readonly documentIds: readonly string[] | null;
  readonly transactionId: string | null;
  readonly reason: string;
}

const later = (position: LogPosition | null, other: LogPosition | null): LogPosition | null =>
  position === null || (other !== null && other > position) ? other : position;

/**
 * Refunds (docs/decisions/refunds.md): the admin's request is recorded first (PurchaseRefundRequested, which
 * also stops the documents' links), then the gateway is asked, and its answer recorded: completed, failed, or
 * deferred (still processing at the gateway, or no answer) for the purchase sweep to try again. Before every
 * call the transaction's refunded amount is read back, so a refund the gateway took without our hearing of it
 * is recorded as completed instead of asked for twice. After a refund completes, the credit note (or refund
 * receipt) gets its number and the buyer a mail, each once; the sweep finishes what a crash left half done.
 */
@Injectable()
export class PurchaseRefunds {
  private readonly logger = new Logger(PurchaseRefunds.name);
  /** One attempt per refund at a time in this process (the admin's retry and the sweep may meet). */
  private readonly attempts = new Map<
    string,
    Promise<{ outcome: RefundAttempt; position: LogPosition | null }>
  >();

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly invoices: InvoiceNumbers,
    private readonly mails: PurchaseMails,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private context(actorId: string = SYSTEM_ACTOR): CommandContext {
    return { actorId, now: this.clock.now() };
  }

  /**
   * Records the admin's refund and asks the gateway for it. Two admins at once: both decide on the same
   * revision, one append wins, the other is decided again and refused (REFUND.IN_PROGRESS or
   * REFUND.ALREADY_REFUNDED), so the money goes back once.
   */
  async request(
    ask: RefundAsk,
    actorId: string,
  ): Promise<{ refundId: string; outcome: RefundAttempt; position: LogPosition | null }> {
    const refundId = uuidv4();
    const requested = await retryOnConflict(() =>
      this.aggregates.handle(purchaseStreamId(ask.purchaseId), purchaseDecider, {
        type: 'RequestRefund',
        data: { ...ask, refundId },
        context: this.context(actorId),
      }),
    );
    const attempt = await this.attempt(ask.purchaseId, refundId);
    return { refundId, outcome: attempt.outcome, position: later(requested.position, attempt.position) };
  }

  /** Asks the gateway again for a refund still requested (REFUND.NOT_OPEN when it already ended). */
  async retry(
    purchaseId: string,
    refundId: string,
  ): Promise<{ outcome: RefundAttempt; position: LogPosition | null }> {
    const { state } = await this.aggregates.load(purchaseStreamId(purchaseId), purchaseDecider);
    if (state.status === 'none') throw new DomainError('PURCHASE.NOT_FOUND');
    const refund = state.refunds.find((r) => r.refundId === refundId);
    if (!refund) throw new DomainError('REFUND.NOT_FOUND');
    if (refund.status !== 'requested') throw new DomainError('REFUND.NOT_OPEN');
    return this.attempt(purchaseId, refundId);
  }

  attempt(
    purchaseId: string,
    refundId: string,
  ): Promise<{ outcome: RefundAttempt; position: LogPosition | null }> {
    const running = this.attempts.get(refundId);
    if (running) return running;
    const run = this.attemptOnce(purchaseId, refundId).finally(() => this.attempts.delete(refundId));
    this.attempts.set(refundId, run);
    return run;
  }

  private async attemptOnce(
    purchaseId: string,
    refundId: string,
  ): Promise<{ outcome: RefundAttempt; position: LogPosition | null }> {
    const stream = purchaseStreamId(purchaseId);
    const { state } = await this.aggregates.load(stream, purchaseDecider);
    if (state.status === 'none') throw new DomainError('PURCHASE.NOT_FOUND');
    const refund = state.refunds.find((r) => r.refundId === refundId);
    if (!refund) throw new DomainError('REFUND.NOT_FOUND');
    if (refund.status !== 'requested') {
      const position = refund.status === 'completed' ? await this.followUp(purchaseId, refundId) : null;
      return { outcome: refund.status, position };
    }
    const result = await this.ask(refund);
    const record = (command: Parameters<typeof purchaseDecider.decide>[0]) =>
      retryOnConflict(() => this.aggregates.handle(stream, purchaseDecider, command));
    if (result.outcome === 'completed') {
      const completed = await record({
        type: 'CompleteRefund',
        data: {
          purchaseId,
          refundId,
          gatewayRefundId: result.refundId === '' ? null : result.refundId,
          gatewayStatus: result.refundId === '' ? 'unknown' : result.status,
          refundedAt: result.refundedAt,
          providerResponse: result.response,
        },
        context: this.context(),
      });
      return {
        outcome: 'completed',
        position: later(completed.position, await this.followUp(purchaseId, refundId)),
      };
    }
    if (result.outcome === 'refused' && result.reason !== 'still-processing') {
      const failed = await record({
        type: 'FailRefund',
        data: {
          purchaseId,
          refundId,
          reason: result.reason,
          message: result.message,
          gatewayCode: result.gatewayCode,
        },
        context: this.context(),
      });
      return { outcome: 'failed', position: failed.position };
    }
    const deferred = await record({
      type: 'DeferRefund',
      data: {
        purchaseId,
        refundId,
        reason: result.outcome === 'refused' ? 'still-processing' : 'unavailable',
        message: result.message,
      },
      context: this.context(),
    });
    return { outcome: 'processing', position: deferred.position };
  }

  /**
   * The gateway's answer to the refund. The transaction is read first: when its refunded amount already
   * holds this refund (an earlier call was taken but its answer lost), it counts as completed without a
   * second call. An unreadable gateway is an unavailable one.
   */
  private async ask(refund: RefundState): Promise<RefundResult> {
    try {
      const transaction = await this.gateway.getTransaction(refund.transactionId);
      if (transaction !== null && transaction.refundedAmount >= refund.refundedBefore + refund.amount) {
        return {
          outcome: 'completed',
          refundId: '',
          amount: refund.amount,
          status: 'pending',
          refundedTotal: transaction.refundedAmount,
          refundedAt: this.clock.now(),
          response: { found: 'refunded_amount', refundedAmount: transaction.refundedAmount },
        };
      }
      return await this.gateway.refundTransaction({
        transactionId: refund.transactionId,
        amount: refund.amount,
        comment: refund.reason,
      });
    } catch (error) {
      return { outcome: 'unavailable', message: (error as Error).message };
    }
  }

  /**
   * What follows a completed refund, each step once: the credit note's number (the sale had an invoice) or
   * the refund receipt's, then the buyer's mail. Never throws: the sweep tries again.
   */
  async followUp(purchaseId: string, refundId: string): Promise<LogPosition | null> {
    try {
      const stream = purchaseStreamId(purchaseId);
      const { state } = await this.aggregates.load(stream, purchaseDecider);
      if (state.status === 'none') return null;
      const refund = state.refunds.find((r) => r.refundId === refundId);
      if (refund?.status !== 'completed') return null;
      let position: LogPosition | null = null;
      let creditNote: { kind: 'credit-note' | 'refund-receipt'; number: string } | null = null;
      if (refund.kind === 'sale') {
        const kind = state.invoice !== null ? 'credit-note' : 'refund-receipt';
        const original =
          state.invoice !== null
            ? await this.invoices.numberOfKind('invoice', purchaseId)
            : ((await this.invoices.numberOfKind('receipt', purchaseId)) ?? null);
        const originalNumber = original ?? (state.invoice === null ? purchaseNumber(purchaseId) : null);
        if (originalNumber === null) throw new Error(`Purchase ${purchaseId} has no invoice number yet`);
        const assigned = await this.invoices.assignRefundNumber(kind, {
          purchaseId,
          refundId,
          originalNumber,
        });
        position = later(position, assigned.position);
        creditNote = { kind, number: assigned.number };
      }
      if (!refund.noticeSent) {
        await this.mails.refundCompleted(state, refund, creditNote);
        const sent = await retryOnConflict(() =>
          this.aggregates.handle(stream, purchaseDecider, {
            type: 'RecordRefundNoticeSent',
            data: { purchaseId, refundId },
            context: this.context(),
          }),
        );
        position = later(position, sent.position);
      }
      return position;
    } catch (error) {
      this.logger.error(`Finishing refund ${refundId} failed; the purchase sweep will retry`, error as Error);
      return null;
    }
  }

  /** The sweep's part: open refunds asked again, completed ones finished. Answers how many moved on. */
  async sweep(purchaseIds: readonly string[]): Promise<number> {
    let moved = 0;
    for (const purchaseId of purchaseIds) {
      const { state } = await this.aggregates.load(purchaseStreamId(purchaseId), purchaseDecider);
      if (state.status === 'none') continue;
      for (const refund of state.refunds) {
        if (refund.status === 'requested') {
          const { outcome } = await this.attempt(purchaseId, refund.refundId).catch(() => ({
            outcome: 'processing' as const,
          }));
          if (outcome !== 'processing') moved += 1;
        } else if (refund.status === 'completed' && !refund.noticeSent) {
          if ((await this.followUp(purchaseId, refund.refundId)) !== null) moved += 1;
        }
      }
    }
    return moved;
  }
}
