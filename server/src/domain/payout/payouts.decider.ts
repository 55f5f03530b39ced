import type { PayoutEvent, PayoutRequested } from '../../events/payout.events';
import { type DomainCommand, assertNever } from '../shared/command';
import { ledgerDay } from '../ledger/ledger-day';
import { DomainError, FieldValidator } from '../shared/domain-error';
import type { Cents } from '../shared/money';
import { ibanProblem, normaliseIban } from './iban';
import { toSepaLatin } from './sepa-name';
import { TRANSFER_FEE_RULE, transferFeeFor } from './transfer-fee';

export type PayoutStatus = 'requested' | 'executed' | 'rejected';

export interface PayoutState {
  readonly status: PayoutStatus;
  readonly amount: Cents;
  readonly transferFee: Cents;
  readonly netAmount: Cents;
  readonly requestedAt: string;
  /** Where the transfer goes, for the payout file. */
  readonly iban: string;
  readonly accountHolder: string;
  readonly accountHolderLatin: string | null;
}

/** One uploader's balance as their payouts see it: every payout they asked for, by id. */
export interface PayoutsState {
  readonly payouts: Readonly<Record<string, PayoutState>>;
  /** What the payouts hold on to: the amounts of every payout not rejected. */
  readonly drawn: Cents;
}

export const initialPayoutsState: PayoutsState = { payouts: {}, drawn: 0 };

/** The uploader's name as their profile holds it (the payee shown to people). */
export interface PayeeName {
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * The uploader asks for a payout of `amount` to their bank account. `releasedEarnings` is everything they
 * have earned that is past its release date, read by the handler from the sales read model: a lower bound
 * that only grows, so a stale read can refuse money but never pay out money twice.
 */
export type RequestPayout = DomainCommand<
  'RequestPayout',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly payee: PayeeName;
    readonly iban: string;
    /** The account holder as the bank knows them; goes into the bank file. */
    readonly accountHolder: string;
    /**
     * The uploader's declaration that the account is in their own name (SPEC §5). Nobody here can check
     * it: docs/decisions/account-holder-name.md.
     */
    readonly accountHolderDeclared: boolean;
    readonly amount: Cents;
    readonly releasedEarnings: Cents;
  }
>;

/**
 * The bank executed the payout file that held the payout on `executionDate` (YYYY-MM-DD): recorded for
 * each payout of a batch the admin marked executed (payout-batches.decider.ts).
 */
export type ExecutePayout = DomainCommand<
  'ExecutePayout',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly executionDate: string;
    readonly batchId: string;
    readonly messageId: string;
  }
>;

/**
 * An admin refuses the payout, saying why; the amount returns to the balance. It was withdrawn from the
 * payout files first (the batch it was in, if any, with the admin's word that the bank did not pay it).
 */
export type RejectPayout = DomainCommand<
  'RejectPayout',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly reason: string;
    readonly batchId: string | null;
    readonly messageId: string | null;
  }
>;

export type PayoutCommand = RequestPayout | ExecutePayout | RejectPayout;

export const REJECTION_REASON_MAX_LENGTH = 500;
/** What a SEPA file's creditor name takes (EPC: 70 characters). */
export const ACCOUNT_HOLDER_MAX_LENGTH = 70;

/** The uploader's available balance: released earnings less what their payouts hold on to. */
export function availableBalance(releasedEarnings: Cents, state: PayoutsState): Cents {
  return Math.max(0, releasedEarnings - state.drawn);
}

function request({ data, context }: RequestPayout, state: PayoutsState): PayoutEvent[] {
  if (state.payouts[data.payoutId]) throw new DomainError('PAYOUT.ALREADY_EXISTS');
  const payeeName = `${data.payee.firstName} ${data.payee.lastName}`.trim();
  if (data.payee.firstName.trim() === '' || data.payee.lastName.trim() === '')
    throw new DomainError('PAYOUT.PROFILE_NAME_MISSING');

  const v = new FieldValidator();
  const iban = normaliseIban(data.iban);
  const today = ledgerDay(context.now.toISOString());
  if (data.iban.trim() === '') v.add('iban', 'VALIDATION.REQUIRED');
  else {
    const problem = ibanProblem(iban, today);
    if (problem?.kind === 'invalid') v.add('iban', 'VALIDATION.INVALID_IBAN');
    if (problem?.kind === 'not-sepa') v.add('iban', 'VALIDATION.IBAN_NOT_SEPA');
    if (problem?.kind === 'not-sepa-yet')
      v.add('iban', 'VALIDATION.IBAN_NOT_SEPA_YET', { country: iban.slice(0, 2), date: problem.from });
  }
  const accountHolder = data.accountHolder.trim().replace(/\s+/g, ' ');
  const accountHolderLatin = toSepaLatin(accountHolder, iban.slice(0, 2));
  v.requiredText('accountHolder', accountHolder, ACCOUNT_HOLDER_MAX_LENGTH);
  if (accountHolder !== '' && accountHolderLatin === null)
    v.add('accountHolder', 'VALIDATION.NAME_NOT_IN_LATIN_LETTERS');
  else if (accountHolderLatin !== null && accountHolderLatin.length > ACCOUNT_HOLDER_MAX_LENGTH)
    v.add('accountHolder', 'VALIDATION.MAX_LENGTH', { 0: ACCOUNT_HOLDER_MAX_LENGTH });
  if (data.accountHolderDeclared !== true)
    v.add('accountHolderDeclared', 'PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED');
  const available = availableBalance(data.releasedEarnings, state);
  v.integerInRange('amount', data.amount, 1, Number.MAX_SAFE_INTEGER);
  v.throwIfAny();

  if (data.amount > available) throw new DomainError('PAYOUT.AMOUNT_ABOVE_AVAILABLE');
  const transferFee = transferFeeFor(available);
  if (data.amount <= transferFee) throw new DomainError('PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE');

  const requested: PayoutRequested = {
    type: 'PayoutRequested',
    data: {
      payoutId: data.payoutId,
      uploaderId: data.uploaderId,
      payeeName,
      iban,
      accountHolder,
      accountHolderLatin,
      accountHolderCheck: 'declared-by-uploader',
      amount: data.amount,
      transferFee,
      netAmount: data.amount - transferFee,
      availableBefore: available,
      transferFeeRule: TRANSFER_FEE_RULE,
      requestedAt: context.now.toISOString(),
    },
  };
  return [requested];
}

/** The payout that a command about an existing payout is about; refuses unless it is still requested. */
function openPayout(payoutId: string, state: PayoutsState): PayoutState {
  const payout = state.payouts[payoutId];
  if (!payout) throw new DomainError('PAYOUT.NOT_FOUND');
  if (payout.status === 'executed') throw new DomainError('PAYOUT.ALREADY_EXECUTED');
  if (payout.status === 'rejected') throw new DomainError('PAYOUT.ALREADY_REJECTED');
  return payout;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function execute({ data, context }: ExecutePayout, state: PayoutsState): PayoutEvent[] {
  const payout = openPayout(data.payoutId, state);
  const v = new FieldValidator();
  if (!isRealDate(data.executionDate)) v.add('executionDate', 'VALIDATION.INVALID_DATE');
  // Both ends in the books' calendar (Estonian days): after 22:00 UTC in winter it is tomorrow there.
  else if (data.executionDate < ledgerDay(payout.requestedAt))
    v.add('executionDate', 'PAYOUT.EXECUTION_BEFORE_REQUEST');
  else if (data.executionDate > ledgerDay(context.now.toISOString()))
    v.add('executionDate', 'PAYOUT.EXECUTION_IN_FUTURE');
  v.throwIfAny();
  return [
    {
      type: 'PayoutExecuted',
      data: {
        payoutId: data.payoutId,
        uploaderId: data.uploaderId,
        netAmount: payout.netAmount,
        executionDate: data.executionDate,
        batchId: data.batchId,
        messageId: data.messageId,
        executedBy: context.actorId,
        executedAt: context.now.toISOString(),
      },
    },
  ];
}

function reject({ data, context }: RejectPayout, state: PayoutsState): PayoutEvent[] {
  const payout = openPayout(data.payoutId, state);
  const reason = data.reason.trim();
  const v = new FieldValidator();
  v.requiredText('reason', reason, REJECTION_REASON_MAX_LENGTH);
  v.throwIfAny();
  return [
    {
      type: 'PayoutRejected',
      data: {
        payoutId: data.payoutId,
        uploaderId: data.uploaderId,
        amount: payout.amount,
        transferFee: payout.transferFee,
        netAmount: payout.netAmount,
        reason,
        batchId: data.batchId,
        messageId: data.messageId,
        rejectedBy: context.actorId,
        rejectedAt: context.now.toISOString(),
      },
    },
  ];
}

/** Decides what happens to an uploader's payouts (and so to their balance). */
export function decidePayouts(command: PayoutCommand, state: PayoutsState): PayoutEvent[] {
  switch (command.type) {
    case 'RequestPayout':
      return request(command, state);
    case 'ExecutePayout':
      return execute(command, state);
    case 'RejectPayout':
      return reject(command, state);
    default:
      return assertNever(command);
  }
}

function withPayout(state: PayoutsState, payoutId: string, change: Partial<PayoutState>): PayoutsState {
  const payout = state.payouts[payoutId];
  if (!payout) return state;
  return { ...state, payouts: { ...state.payouts, [payoutId]: { ...payout, ...change } } };
}

/** Folds one payout event into the uploader's balance. */
export function evolvePayouts(state: PayoutsState, event: PayoutEvent): PayoutsState {
  switch (event.type) {
    case 'PayoutRequested': {
      const d = event.data;
      const { payoutId, amount, transferFee, netAmount, requestedAt } = d;
      return {
        payouts: {
          ...state.payouts,
          [payoutId]: {
            status: 'requested',
            amount,
            transferFee,
            netAmount,
            requestedAt,
            iban: d.iban,
            accountHolder: d.accountHolder,
            accountHolderLatin: d.accountHolderLatin,
          },
        },
        drawn: state.drawn + amount,
      };
    }
    case 'PayoutExecuted':
      return withPayout(state, event.data.payoutId, { status: 'executed' });
    case 'PayoutRejected': {
      const next = withPayout(state, event.data.payoutId, { status: 'rejected' });
      return { ...next, drawn: next.drawn - event.data.amount };
    }
    default:
      return assertNever(event);
  }
}

export const payoutsDecider = {
  initialState: initialPayoutsState,
  decide: decidePayouts,
  evolve: evolvePayouts,
};
