import { ADMIN_ID } from '../testing/profile.builders';
import { NOW, UPLOADER_ID } from '../testing/command-context.builders';
import { deciderSpec, foldEvents } from '../testing/decider-spec';
import {
  EE_IBAN,
  EE_IBAN_AS_WRITTEN,
  PAYOUT_ID,
  executePayout,
  payoutExecuted,
  payoutRequested,
  rejectPayout,
  requestPayout,
} from '../testing/money.builders';
import type { PayoutEvent } from '../../events/payout.events';
import { availableBalance, payoutsDecider } from './payouts.decider';

const spec = deciderSpec(payoutsDecider);
const SECOND = '0195f0c2-0000-7000-8000-00000000a002';

describe('Payouts decider (an uploader’s balance)', () => {
  describe('RequestPayout', () => {
    it('draws the amount from the available balance and writes the transfer fee rule into the event', () => {
      spec
        .given([])
        .when(requestPayout({ amount: 20_000, releasedEarnings: 50_000 }))
        .then([payoutRequested({ amount: 20_000, transferFee: 0, availableBefore: 50_000 })]);
    });

    describe('SPEC §9 transfer fee: 30 € when the accumulated licence fees (available) are 150 € or less', () => {
      it.each`
        available | amount    | transferFee | netAmount
        ${14_999} | ${14_999} | ${3_000}    | ${11_999}
        ${15_000} | ${5_000}  | ${3_000}    | ${2_000}
        ${15_001} | ${5_000}  | ${0}        | ${5_000}
        ${36_097} | ${15_000} | ${0}        | ${15_000}
      `(
        'available $available, taking out $amount → fee $transferFee, transferred $netAmount',
        ({ available, amount, transferFee, netAmount }) => {
          spec
            .given([])
            .when(requestPayout({ amount, releasedEarnings: available }))
            .then([payoutRequested({ amount, transferFee, netAmount, availableBefore: available })]);
        },
      );

      it('refuses a payout that the fee would eat up entirely (30 € or less)', () => {
        for (const amount of [3_000, 1]) {
          spec
            .given([])
            .when(requestPayout({ amount, releasedEarnings: 10_000 }))
            .thenThrows('PAYOUT.AMOUNT_NOT_ABOVE_TRANSFER_FEE');
        }
        spec
          .given([])
          .when(requestPayout({ amount: 3_001, releasedEarnings: 10_000 }))
          .then([
            payoutRequested({ amount: 3_001, availableBefore: 10_000, transferFee: 3_000, netAmount: 1 }),
          ]);
      });
    });

    it('accepts the whole available balance, and not a cent more', () => {
      spec
        .given([])
        .when(requestPayout({ amount: 50_000, releasedEarnings: 50_000 }))
        .then([payoutRequested({ amount: 50_000, transferFee: 0 })]);
      spec
        .given([])
        .when(requestPayout({ amount: 50_001, releasedEarnings: 50_000 }))
        .thenThrows('PAYOUT.AMOUNT_ABOVE_AVAILABLE');
    });

    it('counts earlier payouts against the balance: the same money is never drawn twice', () => {
      const first = payoutRequested({ amount: 30_000 });
      spec
        .given([first])
        .when(requestPayout({ payoutId: SECOND, amount: 20_001, releasedEarnings: 50_000 }))
        .thenThrows('PAYOUT.AMOUNT_ABOVE_AVAILABLE');
      spec
        .given([first])
        .when(requestPayout({ payoutId: SECOND, amount: 20_000, releasedEarnings: 50_000 }))
        .then([
          payoutRequested({ payoutId: SECOND, amount: 20_000, transferFee: 0, availableBefore: 20_000 }),
        ]);
    });

    it('counts executed payouts as drawn, and gives a rejected payout’s amount back', () => {
      const first = payoutRequested({ amount: 30_000 });
      expect(availableBalance(50_000, foldEvents(payoutsDecider, [first, payoutExecuted(first)]))).toBe(
        20_000,
      );
      const rejected = foldEvents(payoutsDecider, [
        first,
        {
          type: 'PayoutRejected',
          data: {
            payoutId: PAYOUT_ID,
            uploaderId: UPLOADER_ID,
            amount: 30_000,
            transferFee: 0,
            netAmount: 30_000,
            reason: 'Closed account',
            batchId: null,
            messageId: null,
            rejectedBy: ADMIN_ID,
            rejectedAt: NOW.toISOString(),
          },
        },
      ]);
      expect(availableBalance(50_000, rejected)).toBe(50_000);
    });

    it('normalises the IBAN as people write it', () => {
      spec
        .given([])
        .when(requestPayout({ iban: EE_IBAN_AS_WRITTEN }))
        .then([payoutRequested({ iban: EE_IBAN, transferFee: 0 })]);
    });

    it.each([
      ['a wrong check digit', 'EE392200221020145685'],
      ['a wrong length for Estonia', 'EE38220022102014568'],
      ['an unknown country', 'XX382200221020145685'],
      ['letters where digits belong', 'EE38220022102014568A'],
    ])('refuses an IBAN with %s as "Invalid IBAN"', (_case, iban) => {
      spec
        .given([])
        .when(requestPayout({ iban }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { iban: [{ key: 'VALIDATION.INVALID_IBAN' }] });
    });

    it.each([
      ['Türkiye', 'TR330006100519786457841326'],
      ['Brazil', 'BR1800360305000010009795493C1'],
      ['Saudi Arabia', 'SA0380000000608010167519'],
    ])('refuses a valid IBAN outside the SEPA area (%s)', (_country, iban) => {
      spec
        .given([])
        .when(requestPayout({ iban }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { iban: [{ key: 'VALIDATION.IBAN_NOT_SEPA' }] });
    });

    it('reaches the countries that joined SEPA from the day their banks take SEPA transfers (the scope list’s dates)', () => {
      const serbian = 'RS35260005601001611379';
      spec
        .given([])
        .when(requestPayout({ iban: serbian, at: new Date('2026-05-04T12:00:00.000Z') }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          iban: [{ key: 'VALIDATION.IBAN_NOT_SEPA_YET', params: { country: 'RS', date: '2026-05-05' } }],
        });
      const at = new Date('2026-05-05T12:00:00.000Z');
      spec
        .given([])
        .when(requestPayout({ iban: serbian, at }))
        .then([payoutRequested({ iban: serbian, requestedAt: at.toISOString() })]);
      spec
        .given([])
        .when(requestPayout({ iban: 'AL35202111090000000001234567' }))
        .then([payoutRequested({ iban: 'AL35202111090000000001234567' })]);
    });

    it('takes the account holder on the uploader’s word, whatever the profile says, and records it', () => {
      // Nobody can check whose account it is (docs/decisions/account-holder-name.md): the uploader says so.
      spec
        .given([])
        .when(requestPayout({ accountHolder: 'Kadri  Tamm' }))
        .then([payoutRequested({ accountHolder: 'Kadri Tamm', accountHolderLatin: 'Kadri Tamm' })]);
      spec
        .given([])
        .when(requestPayout({ accountHolderDeclared: false }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          accountHolderDeclared: [{ key: 'PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED' }],
        });
    });

    it('writes the holder’s name as the bank file will, by the account’s country, and refuses one it cannot write', () => {
      spec
        .given([])
        .when(requestPayout({ accountHolder: 'Γιώργος Παπαδόπουλος', iban: 'GR1601101250000000012300695' }))
        .then([
          payoutRequested({
            accountHolder: 'Γιώργος Παπαδόπουλος',
            accountHolderLatin: 'Giorgos Papadopoulos',
            iban: 'GR1601101250000000012300695',
          }),
        ]);
      spec
        .given([])
        .when(requestPayout({ accountHolder: '王小明' }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          accountHolder: [{ key: 'VALIDATION.NAME_NOT_IN_LATIN_LETTERS' }],
        });
      spec
        .given([])
        .when(requestPayout({ accountHolder: 'Щ'.repeat(24) }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          accountHolder: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 70 } }],
        });
    });

    it('reports every problem of the form at once', () => {
      spec
        .given([])
        .when(requestPayout({ iban: '', accountHolder: ' ', accountHolderDeclared: false, amount: 0 }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          iban: [{ key: 'VALIDATION.REQUIRED' }],
          accountHolder: [{ key: 'VALIDATION.REQUIRED' }],
          accountHolderDeclared: [{ key: 'PAYOUT.ACCOUNT_HOLDER_NOT_DECLARED' }],
          amount: [{ key: 'VALIDATION.MIN_VALUE', params: { 0: 1 } }],
        });
    });

    it('needs the uploader’s name on their profile (the payee)', () => {
      spec
        .given([])
        .when(requestPayout({ payee: { firstName: '', lastName: 'Maasikas' } }))
        .thenThrows('PAYOUT.PROFILE_NAME_MISSING');
    });

    it('refuses a payout id that is taken', () => {
      spec.given([payoutRequested()]).when(requestPayout()).thenThrows('PAYOUT.ALREADY_EXISTS');
    });
  });

  describe('ExecutePayout', () => {
    it('records the execution date and the admin', () => {
      spec.given([payoutRequested()]).when(executePayout()).then([payoutExecuted()]);
    });

    it('refuses an unknown payout, and one already executed', () => {
      spec.given([]).when(executePayout()).thenThrows('PAYOUT.NOT_FOUND');
      spec
        .given([payoutRequested(), payoutExecuted()])
        .when(executePayout())
        .thenThrows('PAYOUT.ALREADY_EXECUTED');
    });

    it.each([
      ['not a date', '16.03.2026', 'VALIDATION.INVALID_DATE'],
      ['an impossible date', '2026-02-30', 'VALIDATION.INVALID_DATE'],
      ['before the request', '2026-03-13', 'PAYOUT.EXECUTION_BEFORE_REQUEST'],
      ['after today', '2026-03-17', 'PAYOUT.EXECUTION_IN_FUTURE'],
    ])('refuses an execution date %s', (_case, executionDate, key) => {
      spec
        .given([payoutRequested()])
        .when(executePayout({ executionDate }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { executionDate: [{ key }] });
    });

    it('counts the days as the books do (Tallinn): after 22:00 UTC in winter it is already tomorrow', () => {
      // Requested at 22:30 UTC on 13 March: 00:30 on the 14th in Tallinn, so the 13th is before it.
      const lateRequest = payoutRequested({ requestedAt: '2026-03-13T22:30:00.000Z' });
      spec
        .given([lateRequest])
        .when(executePayout({ executionDate: '2026-03-13' }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          executionDate: [{ key: 'PAYOUT.EXECUTION_BEFORE_REQUEST' }],
        });
      // At 22:30 UTC on the 16th it is the 17th in Tallinn: the 17th is today, not the future.
      const lateNight = new Date('2026-03-16T22:30:00.000Z');
      spec
        .given([payoutRequested()])
        .when(executePayout({ executionDate: '2026-03-17', at: lateNight }))
        .then([
          {
            ...payoutExecuted(),
            data: {
              ...payoutExecuted().data,
              executionDate: '2026-03-17',
              executedAt: lateNight.toISOString(),
            },
          } as PayoutEvent,
        ]);
    });
  });

  describe('RejectPayout', () => {
    const rejected = (transferFee: number, amount: number) => ({
      type: 'PayoutRejected' as const,
      data: {
        payoutId: PAYOUT_ID,
        uploaderId: UPLOADER_ID,
        amount,
        transferFee,
        netAmount: amount - transferFee,
        reason: 'The account is closed',
        batchId: null,
        messageId: null,
        rejectedBy: ADMIN_ID,
        rejectedAt: NOW.toISOString(),
      },
    });

    it('returns the whole amount and cancels the transfer fee', () => {
      spec
        .given([payoutRequested({ amount: 10_000, availableBefore: 10_000 })])
        .when(rejectPayout())
        .then([rejected(3_000, 10_000)]);
    });

    it('needs a reason of at most 500 characters', () => {
      spec
        .given([payoutRequested()])
        .when(rejectPayout({ reason: '  ' }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', { reason: [{ key: 'VALIDATION.REQUIRED' }] });
      spec
        .given([payoutRequested()])
        .when(rejectPayout({ reason: 'x'.repeat(501) }))
        .thenThrows('VALIDATION.FORM_HAS_ERRORS', {
          reason: [{ key: 'VALIDATION.MAX_LENGTH', params: { 0: 500 } }],
        });
    });

    it('refuses to reject an executed payout, or to execute a rejected one', () => {
      spec
        .given([payoutRequested(), payoutExecuted()])
        .when(rejectPayout())
        .thenThrows('PAYOUT.ALREADY_EXECUTED');
      spec
        .given([payoutRequested({ amount: 10_000, availableBefore: 10_000 }), rejected(3_000, 10_000)])
        .when(executePayout())
        .thenThrows('PAYOUT.ALREADY_REJECTED');
    });
  });
});
