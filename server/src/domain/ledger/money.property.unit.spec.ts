import fc from 'fast-check';
import type { PayoutEvent } from '../../events/payout.events';
import type { PurchaseCreated, PurchaseFilesDownloaded } from '../../events/purchase.events';
import { earningsReleasedAt } from '../payout/earnings-release';
import { type PayoutsState, payoutsDecider } from '../payout/payouts.decider';
import { DomainError } from '../shared/domain-error';
import {
  VAT_TREATMENTS,
  aPurchaseLine,
  purchasePaid,
  requestPayout,
  taxedPurchaseCreated,
} from '../testing/money.builders';
import { ADMIN_ID } from '../testing/profile.builders';
import { ACCOUNTS, uploaderOfAccount } from './accounts';
import { ledgerDay } from './ledger-day';
import { type MoneyEvent, type PurchaseSplit, entriesFor, purchaseSplit } from './posting';
import { type TurnoverTable, addToTurnover, reconcile, sumTurnover } from './reconciliation';

/**
 * For random histories of purchases (paid or not), downloads, payout requests (some too large),
 * executions, rejections and waiting, the ledger built by the real posting rules balances every posting,
 * never lets an uploader's balance or the bank queue go negative, and its reconciliation report balances
 * for any period, with every figure equal to the sum a plain reading of the events gives.
 */

const UPLOADERS = ['uploader-a', 'uploader-b', 'uploader-c'] as const;
const HOUR_MS = 3_600_000;

const TREATMENTS = Object.keys(VAT_TREATMENTS);

type Action =
  | {
      kind: 'buy';
      lines: { uploader: number; price: number }[];
      treatment: string;
      paid: boolean;
      downloaded: boolean;
    }
  | { kind: 'request'; uploader: number; share: number }
  | { kind: 'execute'; pick: number }
  | { kind: 'reject'; pick: number }
  | { kind: 'wait'; days: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      lines: fc.array(
        fc.record({
          uploader: fc.integer({ min: 0, max: 2 }),
          price: fc.oneof(
            fc.noBias(fc.integer({ min: 500, max: 100_000 })),
            fc.constantFrom(0, 1, 1240, 15_000, 18_600),
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      treatment: fc.constantFrom(...TREATMENTS),
      paid: fc.boolean(),
      downloaded: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      uploader: fc.integer({ min: 0, max: 2 }),
      share: fc.oneof(fc.noBias(fc.double({ min: 0, max: 1.2, noNaN: true })), fc.constant(1)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('execute' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 30 }) }),
  },
);

interface Logged {
  readonly event: MoneyEvent | PurchaseCreated | PurchaseFilesDownloaded;
  readonly at: string;
}

/** Runs the actions through the deciders and the fixtures; answers the event log. */
function simulate(actions: readonly Action[]) {
  let now = Date.parse('2026-01-01T07:00:00.000Z');
  const log: Logged[] = [];
  const payouts = new Map<string, PayoutsState>(UPLOADERS.map((u) => [u, payoutsDecider.initialState]));
  const openPayouts: { uploaderId: string; payoutId: string }[] = [];
  const earnings: { uploaderId: string; amount: number; releasedAt: string }[] = [];
  const negative: string[] = [];
  const refusals: string[] = [];
  let count = 0;

  const record = (event: Logged['event']) => log.push({ event, at: new Date(now).toISOString() });
  const released = (uploaderId: string) =>
    earnings
      .filter((e) => e.uploaderId === uploaderId && e.releasedAt <= new Date(now).toISOString())
      .reduce((sum, e) => sum + e.amount, 0);
  const decide = (uploaderId: string, command: Parameters<typeof payoutsDecider.decide>[0]) => {
    const state = payouts.get(uploaderId)!;
    try {
      const events: PayoutEvent[] = payoutsDecider.decide(command, state);
      payouts.set(uploaderId, events.reduce(payoutsDecider.evolve, state));
      events.forEach(record);
      return events;
    } catch (error) {
      if (error instanceof DomainError) {
        refusals.push(error.code);
        return [];
      }
      throw error;
    }
  };

  for (const a of actions) {
    now += HOUR_MS * (1 + (count++ % 5));
    switch (a.kind) {
      case 'buy': {
        const purchaseId = `purchase-${count}`;
        const lines = a.lines.map((l, i) =>
          aPurchaseLine(l.price, { uploaderId: UPLOADERS[l.uploader]!, documentId: `doc-${i}` }),
        );
        const created = taxedPurchaseCreated(purchaseId, lines, VAT_TREATMENTS[a.treatment]!, new Date(now));
        record(created);
        if (!a.paid) break;
        now += 60_000;
        const paid = purchasePaid(purchaseId, created.data.totals.price, new Date(now));
        record(paid);
        for (const line of lines)
          earnings.push({
            uploaderId: line.uploaderId,
            amount: line.uploaderEarnings,
            releasedAt: earningsReleasedAt(paid.data.paidAt),
          });
        if (a.downloaded)
          record({
            type: 'PurchaseFilesDownloaded',
            data: { purchaseId, archive: true, files: [], downloadedAt: new Date(now).toISOString() },
          });
        break;
      }
      case 'request': {
        const uploaderId = UPLOADERS[a.uploader]!;
        const available = released(uploaderId) - payouts.get(uploaderId)!.drawn;
        const payoutId = `payout-${count}`;
        const requested = decide(
          uploaderId,
          requestPayout({
            payoutId,
            uploaderId,
            amount: Math.floor(available * a.share),
            releasedEarnings: released(uploaderId),
            at: new Date(now),
          }),
        );
        if (requested.length > 0) openPayouts.push({ uploaderId, payoutId });
        break;
      }
      case 'execute':
      case 'reject': {
        if (openPayouts.length === 0) break;
        const [open] = openPayouts.splice(a.pick % openPayouts.length, 1);
        const context = { actorId: ADMIN_ID, now: new Date(now) };
        const data = { payoutId: open!.payoutId, uploaderId: open!.uploaderId };
        if (a.kind === 'execute')
          decide(open!.uploaderId, {
            type: 'ExecutePayout',
            data: {
              ...data,
              executionDate: new Date(now).toISOString().slice(0, 10),
              batchId: 'b',
              messageId: 'LTP-1',
            },
            context,
          });
        else
          decide(open!.uploaderId, {
            type: 'RejectPayout',
            data: { ...data, reason: 'Wrong account', batchId: null, messageId: null },
            context,
          });
        break;
      }
      case 'wait':
        now += a.days * 24 * HOUR_MS;
        break;
    }
    for (const uploaderId of UPLOADERS) {
      if (released(uploaderId) - payouts.get(uploaderId)!.drawn < 0) negative.push(uploaderId);
    }
  }
  return { log, negative, refusals };
}

/** The ledger as the projection builds it: entries by the posting rules, turnover per Estonian day. */
function buildLedger(log: readonly Logged[]) {
  const splits = new Map<string, PurchaseSplit>();
  const balances = new Map<string, number>();
  const days = new Map<string, TurnoverTable>();
  const negativeAccounts: string[] = [];
  for (const { event, at } of log) {
    if (event.type === 'PurchaseCreated') {
      splits.set(event.data.purchaseId, purchaseSplit(event.data));
      continue;
    }
    if (event.type === 'PurchaseFilesDownloaded') continue;
    const split = event.type === 'PurchasePaid' ? (splits.get(event.data.purchaseId) ?? null) : null;
    const entries = entriesFor(event, split, `${event.type} at ${at}`);
    const day = ledgerDay(at);
    days.set(day, addToTurnover(days.get(day) ?? {}, entries));
    for (const e of entries) balances.set(e.account, (balances.get(e.account) ?? 0) + e.credit - e.debit);
    for (const [account, balance] of balances) {
      const liability = uploaderOfAccount(account) !== null || account === ACCOUNTS.payoutsInProcess;
      if (liability && balance < 0) negativeAccounts.push(account);
    }
  }
  return { days, negativeAccounts };
}

describe('money property: the VAT treatment never changes what uploaders earn or the service fee', () => {
  it('holds for any basket under every treatment, and each posting balances with VAT only where charged', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            uploader: fc.integer({ min: 0, max: 2 }),
            price: fc.integer({ min: 0, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (lines) => {
          const purchaseLines = lines.map((l, i) =>
            aPurchaseLine(l.price, { uploaderId: UPLOADERS[l.uploader]!, documentId: `doc-${i}` }),
          );
          const splits = TREATMENTS.map((t) => {
            const created = taxedPurchaseCreated(`p-${t}`, purchaseLines, VAT_TREATMENTS[t]!);
            const split = purchaseSplit(created.data);
            const entries = entriesFor(purchasePaid(`p-${t}`, created.data.totals.price), split, t);
            const vatEntries = entries.filter((e) => e.movement === 'vat');
            const decision = VAT_TREATMENTS[t]!;
            if (decision.rate === 0) expect(vatEntries).toEqual([]);
            else if (created.data.totals.vat > 0)
              expect(vatEntries.map((e) => e.account)).toEqual([
                decision.treatment === 'oss' ? ACCOUNTS.ossVatPayable : ACCOUNTS.vatPayable,
              ]);
            expect(created.data.totals.price).toBe(created.data.totals.licenceFee + created.data.totals.vat);
            return { serviceFee: split.serviceFee, earnings: split.earnings };
          });
          for (const split of splits) expect(split).toEqual(splits[0]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('money property: the ledger and the reconciliation always balance', () => {
  it('holds for random histories and any period', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 80, size: 'large' }),
        fc.nat(),
        fc.nat(),
        (actions, fromPick, lengthPick) => {
          const { log, negative } = simulate(actions);
          expect(negative).toEqual([]);
          const { days, negativeAccounts } = buildLedger(log);
          expect(negativeAccounts).toEqual([]);

          const allDays = [...days.keys()].sort();
          const from = allDays.length > 0 ? allDays[fromPick % allDays.length]! : '2026-01-01';
          const to = allDays.length > 0 ? allDays[(fromPick + lengthPick) % allDays.length]! : from;
          const [start, end] = from <= to ? [from, to] : [to, from];
          const opening = sumTurnover([...days].filter(([d]) => d < start).map(([, t]) => t));
          const period = sumTurnover([...days].filter(([d]) => d >= start && d <= end).map(([, t]) => t));
          const report = reconcile(start, end, opening, period);
          expect(report.sections.filter((s) => !s.check.balances)).toEqual([]);
          expect(report.balances).toBe(true);

          // Every figure equals what a plain reading of the events in the period gives.
          const inPeriod = log.filter(({ at }) => ledgerDay(at) >= start && ledgerDay(at) <= end);
          const sum = (pick: (l: Logged) => number) => inPeriod.reduce((s, l) => s + pick(l), 0);
          const created = new Map(
            log.flatMap(({ event }) =>
              event.type === 'PurchaseCreated' ? [[event.data.purchaseId, event]] : [],
            ),
          );
          const totalsOfPaid = (l: Logged) =>
            l.event.type === 'PurchasePaid' ? created.get(l.event.data.purchaseId)!.data.totals : null;
          const figure = (section: string, key: string) =>
            report.sections.find((s) => s.key === section)!.lines.find((l) => l.key === key)!.amount;
          expect(figure('PAYMENTS', 'PAYMENTS_RECEIVED')).toBe(
            sum((l) => (l.event.type === 'PurchasePaid' ? l.event.data.amount : 0)),
          );
          const vatOf = (l: Logged, oss: boolean) => {
            if (l.event.type !== 'PurchasePaid') return 0;
            const purchase = created.get(l.event.data.purchaseId)!.data;
            return (purchase.vat.treatment === 'oss') === oss ? purchase.totals.vat : 0;
          };
          expect(figure('PAYMENTS', 'VAT')).toBe(sum((l) => vatOf(l, false)));
          expect(figure('PAYMENTS', 'OSS_VAT')).toBe(sum((l) => vatOf(l, true)));
          expect(figure('PAYMENTS', 'SERVICE_FEES')).toBe(sum((l) => totalsOfPaid(l)?.serviceFee ?? 0));
          expect(figure('PAYMENTS', 'UPLOADERS_SHARE')).toBe(
            sum((l) => totalsOfPaid(l)?.uploaderEarnings ?? 0),
          );
          expect(figure('UPLOADERS', 'PAYOUTS')).toBe(
            sum((l) =>
              l.event.type === 'PayoutRequested'
                ? l.event.data.netAmount
                : l.event.type === 'PayoutRejected'
                  ? -l.event.data.netAmount
                  : 0,
            ),
          );
          expect(figure('PAYOUTS', 'PAID_OUT')).toBe(
            sum((l) => (l.event.type === 'PayoutExecuted' ? l.event.data.netAmount : 0)),
          );
          const owedThrough = log
            .filter(({ at }) => ledgerDay(at) <= end)
            .reduce((s, { event }) => {
              if (event.type === 'PurchasePaid')
                return s + created.get(event.data.purchaseId)!.data.totals.uploaderEarnings;
              if (event.type === 'PayoutRequested') return s - event.data.amount;
              if (event.type === 'PayoutRejected') return s + event.data.amount;
              return s;
            }, 0);
          expect(figure('UPLOADERS', 'OWED_AT_END')).toBe(owedThrough);
        },
      ),
      { numRuns: 300 },
    );
  });
});
