import type {
  PayoutBatchEvent,
  PayoutBatchExported,
  PayoutBatchLine,
} from '../../events/payout-batch.events';
import { ledgerDay } from '../ledger/ledger-day';
import { type DomainCommand, assertNever } from '../shared/command';
import { DomainError, FieldValidator } from '../shared/domain-error';
import type { Cents } from '../shared/money';
import { REJECTION_REASON_MAX_LENGTH, type PayoutStatus } from './payouts.decider';
import { toSepaLatin } from './sepa-name';
import { nextTarget2BusinessDay, target2ClosingReason } from './target2-calendar';

/**
 * The payout files (SEPA pain.001 batches) the admin hands to the bank, and the one rule they exist for:
 * a payout that is in an exported batch which is neither executed nor withdrawn from goes into no other
 * file, and a payout withdrawn (to be rejected) or paid goes into none. docs/decisions/payout-files.md.
 */

export type PayoutBatchFormat = PayoutBatchExported['data']['format'];

interface BatchState {
  readonly number: number;
  readonly messageId: string;
  readonly status: 'exported' | 'executed';
  readonly payoutIds: readonly string[];
  readonly withdrawn: readonly string[];
  /** The books' day of the export (Europe/Tallinn). */
  readonly exportedDay: string;
}

export interface PayoutBatchesState {
  readonly batches: Readonly<Record<string, BatchState>>;
  readonly count: number;
  /** Payouts in an exported batch that is not executed, and not withdrawn from it: by batch id. */
  readonly openBatchOf: Readonly<Record<string, string>>;
  /** Payouts that may go into no file ever again. */
  readonly closed: Readonly<Record<string, 'paid' | 'withdrawn'>>;
}

export const initialPayoutBatchesState: PayoutBatchesState = {
  batches: {},
  count: 0,
  openBatchOf: {},
  closed: {},
};

/** A payout as its own stream has it, read by the handler for the export. */
export interface PayoutToPay {
  readonly payoutId: string;
  readonly uploaderId: string;
  readonly status: PayoutStatus;
  readonly iban: string;
  readonly accountHolder: string;
  /** Recorded with the request since v2; written here for older payouts. */
  readonly accountHolderLatin: string | null;
  readonly netAmount: Cents;
}

/** The platform's own account, which the transfers are paid from. */
export interface SepaDebtor {
  readonly name: string;
  readonly iban: string;
  readonly bic: string;
}

export type FileFacts = PayoutBatchExported['data']['file'];

/**
 * The admin exports the chosen payouts as one pain.001 file for `executionDate`. The handler plans the
 * batch (planPayoutBatch), writes and keeps the file, and then decides with its facts in `file`.
 */
export type ExportPayoutBatch = DomainCommand<
  'ExportPayoutBatch',
  {
    readonly batchId: string;
    readonly payouts: readonly PayoutToPay[];
    readonly format: PayoutBatchFormat;
    readonly executionDate: string;
    readonly debtor: SepaDebtor;
    readonly file: FileFacts;
  }
>;

/** The admin records that the bank executed the batch on `executionDate`. */
export type ExecutePayoutBatch = DomainCommand<
  'ExecutePayoutBatch',
  { readonly batchId: string; readonly executionDate: string }
>;

/**
 * Before a payout is rejected it leaves the files for good. When it is in an exported batch the file may
 * be at the bank already: the admin must confirm the bank did not pay it (`bankDidNotPayConfirmed`).
 */
export type WithdrawPayout = DomainCommand<
  'WithdrawPayout',
  {
    readonly payoutId: string;
    readonly uploaderId: string;
    readonly reason: string;
    readonly bankDidNotPayConfirmed: boolean;
  }
>;

export type PayoutBatchCommand = ExportPayoutBatch | ExecutePayoutBatch | WithdrawPayout;

/** A batch as planned from the register's state: everything the file says. */
export interface PlannedBatch {
  readonly number: number;
  readonly messageId: string;
  readonly createdAt: string;
  readonly executionDate: string;
  readonly lines: readonly PayoutBatchLine[];
  readonly controlSum: Cents;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string): boolean =>
  ISO_DATE.test(text) && new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text);

/**
 * The requested execution date: a TARGET2 business day (SEPA transfers settle on no other), today or
 * later in the books' calendar.
 */
function checkExecutionDate(v: FieldValidator, executionDate: string, today: string): void {
  if (!isRealDate(executionDate)) return v.add('executionDate', 'VALIDATION.INVALID_DATE');
  if (executionDate < today) return v.add('executionDate', 'PAYOUT_BATCH.EXECUTION_DATE_IN_PAST', { today });
  const closed = target2ClosingReason(executionDate);
  if (closed !== null)
    v.add('executionDate', 'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY', {
      reason: `TARGET2.${closed}`,
      next: nextTarget2BusinessDay(executionDate),
    });
}

/**
 * The open batch whose file holds exactly these payouts, none of them withdrawn since: exporting them
 * again gives that file. (Once a payout is withdrawn from it, the file is no longer handed out as an
 * export: it would carry the rejected payout.)
 */
export function openBatchWith(state: PayoutBatchesState, payoutIds: readonly string[]): string | null {
  const wanted = new Set(payoutIds);
  const batchId = state.openBatchOf[payoutIds[0] ?? ''];
  if (batchId === undefined) return null;
  const batch = state.batches[batchId]!;
  if (batch.withdrawn.length > 0) return null;
  return batch.payoutIds.length === wanted.size && batch.payoutIds.every((id) => wanted.has(id))
    ? batchId
    : null;
}

/** The MsgId: the platform's prefix, the day and the batch number (unique, 35 characters at most). */
export const batchMessageId = (number: number, day: string): string =>
  `LTP-${day.replace(/-/g, '')}-${String(number).padStart(6, '0')}`;

/** Checks the export and works out the file's contents; throws a DomainError when it may not be. */
export function planPayoutBatch(
  {
    data,
    context,
  }: Omit<ExportPayoutBatch, 'data'> & { readonly data: Omit<ExportPayoutBatch['data'], 'file'> },
  state: PayoutBatchesState,
): PlannedBatch {
  const today = ledgerDay(context.now.toISOString());
  const v = new FieldValidator();
  const ids = data.payouts.map((p) => p.payoutId);
  if (ids.length === 0) v.add('payoutIds', 'VALIDATION.REQUIRED');
  if (new Set(ids).size !== ids.length) v.add('payoutIds', 'VALIDATION.INVALID_VALUE');
  checkExecutionDate(v, data.executionDate, today);
  v.throwIfAny();

  for (const payout of data.payouts) {
    const batchId = state.openBatchOf[payout.payoutId];
    if (batchId !== undefined)
      throw new DomainError('PAYOUT.IN_EXPORTED_BATCH', {
        payoutIds: [
          { key: 'PAYOUT.IN_EXPORTED_BATCH', params: { messageId: state.batches[batchId]!.messageId } },
        ],
      });
    if (payout.status !== 'requested' || state.closed[payout.payoutId] !== undefined)
      throw new DomainError('PAYOUT.NOT_REQUESTED');
  }
  const lines = data.payouts.map((payout): PayoutBatchLine => {
    const creditorName =
      payout.accountHolderLatin ?? toSepaLatin(payout.accountHolder, payout.iban.slice(0, 2));
    if (creditorName === null) throw new DomainError('PAYOUT_BATCH.NAME_NOT_IN_LATIN_LETTERS');
    return {
      payoutId: payout.payoutId,
      uploaderId: payout.uploaderId,
      endToEndId: payout.payoutId.replace(/-/g, ''),
      creditorName: creditorName.slice(0, 70).trim(),
      iban: payout.iban,
      netAmount: payout.netAmount,
    };
  });
  const number = state.count + 1;
  return {
    number,
    messageId: batchMessageId(number, today),
    createdAt: context.now.toISOString(),
    executionDate: data.executionDate,
    lines,
    controlSum: lines.reduce((sum, line) => sum + line.netAmount, 0),
  };
}

function exportBatch(command: ExportPayoutBatch, state: PayoutBatchesState): PayoutBatchEvent[] {
  const { data, context } = command;
  const plan = planPayoutBatch(command, state);
  return [
    {
      type: 'PayoutBatchExported',
      data: {
        batchId: data.batchId,
        number: plan.number,
        messageId: plan.messageId,
        format: data.format,
        executionDate: plan.executionDate,
        createdAt: plan.createdAt,
        debtor: data.debtor,
        payouts: plan.lines,
        count: plan.lines.length,
        controlSum: plan.controlSum,
        file: data.file,
        exportedBy: context.actorId,
        exportedAt: context.now.toISOString(),
      },
    },
  ];
}

function executeBatch({ data, context }: ExecutePayoutBatch, state: PayoutBatchesState): PayoutBatchEvent[] {
  const batch = state.batches[data.batchId];
  if (!batch) throw new DomainError('PAYOUT_BATCH.NOT_FOUND');
  if (batch.status === 'executed') throw new DomainError('PAYOUT_BATCH.ALREADY_EXECUTED');
  const v = new FieldValidator();
  if (!isRealDate(data.executionDate)) v.add('executionDate', 'VALIDATION.INVALID_DATE');
  else if (data.executionDate < batch.exportedDay)
    v.add('executionDate', 'PAYOUT_BATCH.EXECUTION_BEFORE_EXPORT');
  else if (data.executionDate > ledgerDay(context.now.toISOString()))
    v.add('executionDate', 'PAYOUT.EXECUTION_IN_FUTURE');
  v.throwIfAny();
  const payoutIds = batch.payoutIds.filter((id) => !batch.withdrawn.includes(id));
  if (payoutIds.length === 0) throw new DomainError('PAYOUT_BATCH.NOTHING_TO_EXECUTE');
  return [
    {
      type: 'PayoutBatchExecuted',
      data: {
        batchId: data.batchId,
        messageId: batch.messageId,
        executionDate: data.executionDate,
        payoutIds,
        executedBy: context.actorId,
        executedAt: context.now.toISOString(),
      },
    },
  ];
}

function withdraw({ data, context }: WithdrawPayout, state: PayoutBatchesState): PayoutBatchEvent[] {
  const closed = state.closed[data.payoutId];
  if (closed === 'paid') throw new DomainError('PAYOUT.ALREADY_EXECUTED');
  if (closed === 'withdrawn') throw new DomainError('PAYOUT.ALREADY_REJECTED');
  const reason = data.reason.trim();
  const v = new FieldValidator();
  v.requiredText('reason', reason, REJECTION_REASON_MAX_LENGTH);
  v.throwIfAny();
  const batchId = state.openBatchOf[data.payoutId] ?? null;
  const batch = batchId === null ? null : state.batches[batchId]!;
  if (batch !== null && !data.bankDidNotPayConfirmed)
    throw new DomainError('PAYOUT.IN_EXPORTED_BATCH_CONFIRM', {
      bankDidNotPayConfirmed: [
        { key: 'PAYOUT.IN_EXPORTED_BATCH_CONFIRM', params: { messageId: batch.messageId } },
      ],
    });
  return [
    {
      type: 'PayoutWithdrawn',
      data: {
        payoutId: data.payoutId,
        uploaderId: data.uploaderId,
        batchId,
        messageId: batch?.messageId ?? null,
        bankDidNotPayConfirmed: batch !== null,
        reason,
        withdrawnBy: context.actorId,
        withdrawnAt: context.now.toISOString(),
      },
    },
  ];
}

export function decidePayoutBatches(
  command: PayoutBatchCommand,
  state: PayoutBatchesState,
): PayoutBatchEvent[] {
  switch (command.type) {
    case 'ExportPayoutBatch':
      return exportBatch(command, state);
    case 'ExecutePayoutBatch':
      return executeBatch(command, state);
    case 'WithdrawPayout':
      return withdraw(command, state);
    default:
      return assertNever(command);
  }
}

const without = (record: Readonly<Record<string, string>>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));

export function evolvePayoutBatches(state: PayoutBatchesState, event: PayoutBatchEvent): PayoutBatchesState {
  switch (event.type) {
    case 'PayoutBatchExported': {
      const d = event.data;
      const payoutIds = d.payouts.map((p) => p.payoutId);
      return {
        ...state,
        count: Math.max(state.count, d.number),
        batches: {
          ...state.batches,
          [d.batchId]: {
            number: d.number,
            messageId: d.messageId,
            status: 'exported',
            payoutIds,
            withdrawn: [],
            exportedDay: ledgerDay(d.exportedAt),
          },
        },
        openBatchOf: { ...state.openBatchOf, ...Object.fromEntries(payoutIds.map((id) => [id, d.batchId])) },
      };
    }
    case 'PayoutBatchExecuted': {
      const batch = state.batches[event.data.batchId];
      if (!batch) return state;
      return {
        ...state,
        batches: { ...state.batches, [event.data.batchId]: { ...batch, status: 'executed' } },
        openBatchOf: without(state.openBatchOf, batch.payoutIds),
        closed: { ...state.closed, ...Object.fromEntries(event.data.payoutIds.map((id) => [id, 'paid'])) },
      };
    }
    case 'PayoutWithdrawn': {
      const { payoutId, batchId } = event.data;
      const batch = batchId === null ? undefined : state.batches[batchId];
      return {
        ...state,
        batches:
          batch && batchId !== null
            ? { ...state.batches, [batchId]: { ...batch, withdrawn: [...batch.withdrawn, payoutId] } }
            : state.batches,
        openBatchOf: without(state.openBatchOf, [payoutId]),
        closed: { ...state.closed, [payoutId]: 'withdrawn' },
      };
    }
    default:
      return assertNever(event);
  }
}

export const payoutBatchesDecider = {
  initialState: initialPayoutBatchesState,
  decide: decidePayoutBatches,
  evolve: evolvePayoutBatches,
};
