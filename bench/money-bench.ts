import { join } from 'node:path';
import { ledgerDay } from '../server/src/domain/ledger/ledger-day';
import {
  MONEY_EVENT_TYPES,
  type MoneyEvent,
  entriesFor,
  purchaseSplit,
} from '../server/src/domain/ledger/posting';
import { type TurnoverTable, addToTurnover } from '../server/src/domain/ledger/reconciliation';
import { upcast } from '../server/src/events/event-catalog';
import type { PurchaseCreated } from '../server/src/events/purchase.events';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { GetReconciliationHandler } from '../server/src/queries/money/get-reconciliation.handler';
import { GetReconciliationQuery } from '../server/src/queries/money/get-reconciliation.query';
import { type MoneySize, writeMoney } from './fixtures/money-writer';
import { BENCH_NOW } from './projection-rebuild-bench';
import { rebuildAll } from './search-api-bench';
import { note, perSecond, printLine, round } from './support/report';

const REPORT_REPEATS = 20;

/**
 * The ledger's figures: rebuilding the ledger projection over a year of money events (about a million at
 * full size) on the embedded stores, the posting rules alone over the same log (what the store adds), and
 * the reconciliation report of that whole year from the rebuilt ledger.
 */
export async function runMoneyBench(dir: string, size: MoneySize): Promise<void> {
  const db = openSqliteDatabase(join(dir, 'money.sqlite'));
  const eventStore = new SqliteEventStore(db);
  const readStore = new EmbeddedReadStore(db);
  try {
    note(`money: writing about ${size.events} money events over ${size.days} days`);
    const written = await writeMoney(db, eventStore, size, BENCH_NOW);
    printLine({
      bench: 'money-fixture',
      events: written.events,
      purchases: written.purchases,
      payouts: written.payouts,
      uploaders: size.uploaders,
      days: size.days,
      writeMs: round(written.ms),
    });

    note('money: posting rules alone (no store)');
    const rules = await postingRulesAlone(eventStore);
    printLine({
      bench: 'ledger-posting-rules',
      events: rules.events,
      ms: round(rules.ms),
      eventsPerSecond: perSecond(rules.events, rules.ms),
    });

    note('money: rebuilding every projection on the money log');
    await rebuildAll(join(dir, 'money.sqlite'), null, 'money');
    const postings = await readStore.collection('ledger_postings').count({});
    printLine({ bench: 'ledger-postings', postings });

    const handler = new GetReconciliationHandler(readStore);
    const lastDay = ledgerDay(BENCH_NOW.toISOString());
    const firstDay = ledgerDay(new Date(BENCH_NOW.getTime() - size.days * 86_400_000).toISOString());
    const times: number[] = [];
    let balances = true;
    for (let i = 0; i < REPORT_REPEATS; i++) {
      const t0 = performance.now();
      const report = await handler.execute(new GetReconciliationQuery({ from: firstDay, to: lastDay }));
      times.push(performance.now() - t0);
      balances &&= report.balances;
    }
    times.sort((a, b) => a - b);
    printLine({
      bench: 'reconciliation-report',
      from: firstDay,
      to: lastDay,
      days: rules.days,
      balances,
      repeats: REPORT_REPEATS,
      p50Ms: round(times[Math.floor(times.length / 2)]!),
      maxMs: round(times.at(-1)!),
    });
  } finally {
    await readStore.close();
    await eventStore.close();
    db.close();
  }
}

/**
 * The posting rules over the whole log with no store: what the ledger's rebuild costs before the store adds
 * anything. A function of its own, so that its half a million purchase splits are garbage before the
 * rebuilds are timed, not a live heap that every collection during them would mark again.
 */
async function postingRulesAlone(
  eventStore: SqliteEventStore,
): Promise<{ events: number; days: number; ms: number }> {
  const started = performance.now();
  const splits = new Map<string, ReturnType<typeof purchaseSplit>>();
  const days = new Map<string, TurnoverTable>();
  let posted = 0;
  let after: bigint | null = null;
  for (;;) {
    const page = await eventStore.readAll(after, 5_000);
    const last = page.at(-1);
    if (!last) break;
    after = last.position;
    for (const recorded of page) {
      // Read as the projections read it: through the upcasters (the fixture writes version 1 purchases).
      const data = upcast(recorded.type, recorded.schemaVersion, recorded.data);
      if (recorded.type === 'PurchaseCreated') {
        splits.set(
          (data as PurchaseCreated['data']).purchaseId,
          purchaseSplit(data as PurchaseCreated['data']),
        );
      } else if (MONEY_EVENT_TYPES.has(recorded.type)) {
        const event = { type: recorded.type, data } as MoneyEvent;
        const split = event.type === 'PurchasePaid' ? (splits.get(event.data.purchaseId) ?? null) : null;
        const day = ledgerDay(recorded.metadata.occurredAt);
        days.set(day, addToTurnover(days.get(day) ?? {}, entriesFor(event, split, recorded.id)));
      }
      posted += 1;
    }
  }
  return { events: posted, days: days.size, ms: performance.now() - started };
}
