import type { PayoutBatchEvent, PayoutBatchExported } from '../../events/payout-batch.events';
import { ADMIN_ID } from '../testing/profile.builders';
import { UPLOADER_ID } from '../testing/command-context.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import {
  type ExportPayoutBatch,
  type PayoutToPay,
  openBatchWith,
  payoutBatchesDecider,
  planPayoutBatch,
} from './payout-batches.decider';

const spec = deciderSpec(payoutBatchesDecider);
const P1 = '0195f0c2-0000-7000-8000-0000000000a1';
const P2 = '0195f0c2-0000-7000-8000-0000000000a2';
const P3 = '0195f0c2-0000-7000-8000-0000000000a3';
const B1 = '0195f0c2-0000-7000-8000-0000000000b1';
const B2 = '0195f0c2-0000-7000-8000-0000000000b2';
/** Thursday 26 November 2026, 10:00 in Tallinn. */
const NOW = new Date('2026-11-26T08:00:00.000Z');
const DEBTOR = { name: 'Lepinguturg OU', iban: 'EE872200221098765437', bic: 'HABAEE2X' };
const FILE = { name: 'f.xml', blobKey: 'payout-files/f.xml', sha256: 'ab', bytes: 1 };

const payout = (payoutId: string, overrides: Partial<PayoutToPay> = {}): PayoutToPay => ({
  payoutId,
  uploaderId: UPLOADER_ID,
  status: 'requested',
  iban: 'EE382200221020145685',
  accountHolder: 'Mari Maasikas',
  accountHolderLatin: 'Mari Maasikas',
  netAmount: 10_000,
  ...overrides,
});

function exportBatch(overrides: Partial<ExportPayoutBatch['data']> = {}, at: Date = NOW): ExportPayoutBatch {
  return {
    type: 'ExportPayoutBatch',
    data: {
      batchId: B1,
      payouts: [payout(P1), payout(P2)],
      format: 'pain.001.001.09',
      executionDate: '2026-11-27',
      debtor: DEBTOR,
      file: FILE,
      ...overrides,
    },
    context: { actorId: ADMIN_ID, now: at },
  };
}

function exported(batchId = B1, payoutIds = [P1, P2], number = 1): PayoutBatchExported {
  const [event] = payoutBatchesDecider.decide(
    exportBatch({ batchId, payouts: payoutIds.map((id) => payout(id)) }),
    { ...payoutBatchesDecider.initialState, count: number - 1 },
  );
  return event as PayoutBatchExported;
}

describe('Payout batches decider (the files handed to the bank)', () => {
  describe('ExportPayoutBatch', () => {
    it('records the batch: message id, execution date, payouts, control sum and the file', () => {
      spec
        .given([])
        .when(exportBatch({ payouts: [payout(P1, { netAmount: 12_345 }), payout(P2, { netAmount: 1 })] }))
        .then([
          {
            type: 'PayoutBatchExported',
            data: {
              batchId: B1,
              number: 1,
              messageId: 'LTP-20261126-000001',
              format: 'pain.001.001.09',
              executionDate: '2026-11-27',
              createdAt: NOW.toISOString(),
              debtor: DEBTOR,
              payouts: [
                {
                  payoutId: P1,
                  uploaderId: UPLOADER_ID,
                  endToEndId: P1.replace(/-/g, ''),
                  creditorName: 'Mari Maasikas',
                  iban: 'EE382200221020145685',
                  netAmount: 12_345,
                },
                {
                  payoutId: P2,
                  uploaderId: UPLOADER_ID,
                  endToEndId: P2.replace(/-/g, ''),
                  creditorName: 'Mari Maasikas',
                  iban: 'EE382200221020145685',
                  netAmount: 1,
                },
              ],
              count: 2,
              controlSum: 12_346,
              file: FILE,
              exportedBy: ADMIN_ID,
              exportedAt: NOW.toISOString(),
            },
          },
        ]);
    });

    it('numbers the batches one after another, and the message id with them', () => {
      const second = payoutBatchesDecider.decide(
        exportBatch({ batchId: B2, payouts: [payout(P3)] }),
        foldEvents(payoutBatchesDecider, [exported()]),
      )[0] as PayoutBatchExported;
      expect([second.data.number, second.data.messageId]).toEqual([2, 'LTP-20261126-000002']);
    });

    it('puts no payout of an open batch into another file', () => {
      spec
        .given([exported()])
        .when(exportBatch({ batchId: B2, payouts: [payout(P2), payout(P3)] }))
        .thenThrows('PAYOUT.IN_EXPORTED_BATCH', {
          payoutIds: [{ key: 'PAYOUT.IN_EXPORTED_BATCH', params: { messageId: 'LTP-20261126-000001' } }],
        });
    });

    it('knows the open batch of exactly these payouts (exporting it again gives the same file)', () => {
      const state = foldEvents(payoutBatchesDecider, [exported()]);
      expect(openBatchWith(state, [P2, P1])).toBe(B1);
      expect(openBatchWith(state, [P1])).toBeNull();
      expect(openBatchWith(state, [P3])).toBeNull();
    });

    it('puts no paid, withdrawn or rejected payout into a file', () => {
      const executed: PayoutBatchEvent = {
        type: 'PayoutBatchExecuted',
        data: {
          batchId: B1,
          messageId: 'LTP-20261126-000001',
          executionDate: '2026-11-26',
          payoutIds: [P1, P2],
          executedBy: ADMIN_ID,
          executedAt: NOW.toISOString(),
        },
      };
      spec
        .given([exported(), executed])
        .when(exportBatch({ batchId: B2, payouts: [payout(P1)] }))
        .thenThrows('PAYOUT.NOT_REQUESTED');
      spec
        .given([])
        .when(exportBatch({ payouts: [payout(P1, { status: 'rejected' })] }))
        .thenThrows('PAYOUT.NOT_REQUESTED');
    });

    it.each([
      ['2026-11-25', 'PAYOUT_BATCH.EXECUTION_DATE_IN_PAST', { today: '2026-11-26' }],
      [
        '2026-11-28',
        'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY',
        { reason: 'TARGET2.SATURDAY', next: '2026-11-30' },
      ],
      [
        '2026-11-29',
        'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY',
        { reason: 'TARGET2.SUNDAY', next: '2026-11-30' },
      ],
      [
        '2026-12-25',
        'PAYOUT_BATCH.EXECUTION_DATE_NOT_BUSINESS_DAY',
        { reason: 'TARGET2.CHRISTMAS_DAY', next: '2026-12-28' },
      ],
    ])('refuses the requested execution date %s', (executionDate, key, params) => {
      spec
        .given([])
        .when(exportBatch({ executionDate }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { executionDate: [{ key, params }] });
    });

    it('takes today when it is a business day, counted in Tallinn', () => {
      // 23:30 UTC on Wednesday the 25th is already Thursday the 26th in Tallinn.
      const late = new Date('2026-11-25T23:30:00.000Z');
      expect(
        planPayoutBatch(exportBatch({ executionDate: '2026-11-26' }, late), payoutBatchesDecider.initialState)
          .executionDate,
      ).toBe('2026-11-26');
    });

    it('writes an older payout’s name in the SEPA set, and refuses one it cannot write', () => {
      const plan = planPayoutBatch(
        exportBatch({
          payouts: [
            payout(P1, { accountHolder: 'Søren Ærø', accountHolderLatin: null, iban: 'DK5000400440116243' }),
          ],
        }),
        payoutBatchesDecider.initialState,
      );
      expect(plan.lines[0]!.creditorName).toBe('Soeren Aeroe');
      spec
        .given([])
        .when(exportBatch({ payouts: [payout(P1, { accountHolder: '王小明', accountHolderLatin: null })] }))
        .thenThrows('PAYOUT_BATCH.NAME_NOT_IN_LATIN_LETTERS');
    });
  });

  describe('ExecutePayoutBatch', () => {
    const execute = (executionDate: string, at: Date = NOW) => ({
      type: 'ExecutePayoutBatch' as const,
      data: { batchId: B1, executionDate },
      context: { actorId: ADMIN_ID, now: at },
    });

    it('pays every payout still in the batch', () => {
      const withdrawn: PayoutBatchEvent = {
        type: 'PayoutWithdrawn',
        data: {
          payoutId: P1,
          uploaderId: UPLOADER_ID,
          batchId: B1,
          messageId: 'LTP-20261126-000001',
          bankDidNotPayConfirmed: true,
          reason: 'The bank returned it',
          withdrawnBy: ADMIN_ID,
          withdrawnAt: NOW.toISOString(),
        },
      };
      spec
        .given([exported(), withdrawn])
        .when(execute('2026-11-26'))
        .then([
          {
            type: 'PayoutBatchExecuted',
            data: {
              batchId: B1,
              messageId: 'LTP-20261126-000001',
              executionDate: '2026-11-26',
              payoutIds: [P2],
              executedBy: ADMIN_ID,
              executedAt: NOW.toISOString(),
            },
          },
        ]);
    });

    it('refuses an unknown batch, a second execution, and dates before the export or in the future', () => {
      spec.given([]).when(execute('2026-11-26')).thenThrows('PAYOUT_BATCH.NOT_FOUND');
      const state = [exported()];
      const done = payoutBatchesDecider.decide(
        execute('2026-11-26'),
        foldEvents(payoutBatchesDecider, state),
      );
      spec
        .given([...state, ...done])
        .when(execute('2026-11-26'))
        .thenThrows('PAYOUT_BATCH.ALREADY_EXECUTED');
      spec
        .given(state)
        .when(execute('2026-11-25'))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          executionDate: [{ key: 'PAYOUT_BATCH.EXECUTION_BEFORE_EXPORT' }],
        });
      spec
        .given(state)
        .when(execute('2026-11-27'))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { executionDate: [{ key: 'PAYOUT.EXECUTION_IN_FUTURE' }] });
    });
  });

  describe('WithdrawPayout (before a rejection)', () => {
    const withdraw = (payoutId: string, bankDidNotPayConfirmed: boolean) => ({
      type: 'WithdrawPayout' as const,
      data: { payoutId, uploaderId: UPLOADER_ID, reason: 'The bank returned it', bankDidNotPayConfirmed },
      context: { actorId: ADMIN_ID, now: NOW },
    });

    it('asks the admin to confirm that the bank did not pay a payout of an exported batch', () => {
      spec
        .given([exported()])
        .when(withdraw(P1, false))
        .thenThrows('PAYOUT.IN_EXPORTED_BATCH_CONFIRM', {
          bankDidNotPayConfirmed: [
            { key: 'PAYOUT.IN_EXPORTED_BATCH_CONFIRM', params: { messageId: 'LTP-20261126-000001' } },
          ],
        });
    });

    it('records the confirmation with the batch; the payout then goes into no file', () => {
      const [event] = payoutBatchesDecider.decide(
        withdraw(P1, true),
        foldEvents(payoutBatchesDecider, [exported()]),
      );
      expect(event).toEqual({
        type: 'PayoutWithdrawn',
        data: {
          payoutId: P1,
          uploaderId: UPLOADER_ID,
          batchId: B1,
          messageId: 'LTP-20261126-000001',
          bankDidNotPayConfirmed: true,
          reason: 'The bank returned it',
          withdrawnBy: ADMIN_ID,
          withdrawnAt: NOW.toISOString(),
        },
      });
      spec
        .given([exported(), event!])
        .when(exportBatch({ batchId: B2, payouts: [payout(P1)] }))
        .thenThrows('PAYOUT.NOT_REQUESTED');
      // The batch's other payout is still in it.
      spec
        .given([exported(), event!])
        .when(exportBatch({ batchId: B2, payouts: [payout(P2)] }))
        .thenThrows('PAYOUT.IN_EXPORTED_BATCH', expect.anything() as never);
    });

    it('withdraws a payout that is in no file without asking, and never twice', () => {
      const [event] = payoutBatchesDecider.decide(withdraw(P3, false), payoutBatchesDecider.initialState);
      expect(event!.data).toMatchObject({ batchId: null, messageId: null, bankDidNotPayConfirmed: false });
      spec.given([event!]).when(withdraw(P3, false)).thenThrows('PAYOUT.ALREADY_REJECTED');
    });

    it('refuses to withdraw a paid payout', () => {
      const state = [exported()];
      const done = payoutBatchesDecider.decide(
        {
          type: 'ExecutePayoutBatch',
          data: { batchId: B1, executionDate: '2026-11-26' },
          context: { actorId: ADMIN_ID, now: NOW },
        },
        foldEvents(payoutBatchesDecider, state),
      );
      spec
        .given([...state, ...done])
        .when(withdraw(P1, true))
        .thenThrows('PAYOUT.ALREADY_EXECUTED');
    });
  });
});
