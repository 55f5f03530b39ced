import { join } from 'node:path';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from '../server/src/projections/projection-runner';
import { type CatalogueSize, writeCatalogue } from './fixtures/catalogue-writer';
import { BENCH_NOW } from './projection-rebuild-bench';
import { note, perSecond, printLine, round } from './support/report';

export interface AbuseBenchSizes {
  readonly catalogue: CatalogueSize;
  /** Search requests measured, with and without the attack. */
  readonly searches: number;
  readonly searchConcurrency: number;
  /** Attacking connections, each sending nested bodies one after another until the searches are done. */
  readonly attackers: number;
}

/** About 80 KB of JSON nested 40,000 levels deep: under the body limit, far over the depth limit. */
const NESTED_BODY = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;

async function searches(base: string, count: number, concurrency: number): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next += 1;
      const response = await fetch(`${base}/api/documents?q=leping&sort=price-asc`);
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

/**
 * Finding 2 of the hardening issue, measured: search throughput alone, then while `attackers`
 * connections post ~80 KB nested JSON bodies as fast as they are answered. Before the depth check each
 * such body held the event loop for 70–100 ms (search throughput fell by 98 %); now it is refused by a
 * linear scan before parsing. Prints the ratio under attack ÷ alone (1 = no effect). The server is the
 * real one on 127.0.0.1; the attack stops when the measured searches are done (bounded by their count).
 */
export async function runAbuseBench(dir: string, sizes: AbuseBenchSizes): Promise<void> {
  const dataDir = join(dir, 'data');
  note(`abuse: writing ${sizes.catalogue.documents} published documents`);
  const db = openSqliteDatabase(join(dataDir, 'lepinguturg.sqlite'));
  const eventStore = new SqliteEventStore(db);
  const written = await writeCatalogue(db, eventStore, sizes.catalogue, BENCH_NOW).finally(async () => {
    await eventStore.close();
    db.close();
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    CLIENT_DIST_DIR: join(dir, 'no-client'),
  });
  const app = await createApp(config, { logger: ['error'] });
  try {
    const runner = app.get(ProjectionRunner);
    if (!(await runner.waitFor(written.head, runner.names, 150_000)))
      throw new Error('projections did not catch up within 150 s');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const base = `http://127.0.0.1:${address.port}`;

    await searches(base, Math.ceil(sizes.searches / 5), sizes.searchConcurrency); // warm-up
    note(`abuse: ${sizes.searches} searches alone`);
    const aloneMs = await searches(base, sizes.searches, sizes.searchConcurrency);

    note(`abuse: ${sizes.searches} searches while ${sizes.attackers} connections post nested JSON`);
    let attacking = true;
    const statuses: Record<string, number> = {};
    const attacker = async (): Promise<void> => {
      while (attacking) {
        const response = await fetch(`${base}/api/baskets/${crypto.randomUUID()}/documents`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: NESTED_BODY,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    };
    const attacks = Array.from({ length: sizes.attackers }, attacker);
    const underAttackMs = await searches(base, sizes.searches, sizes.searchConcurrency).finally(() => {
      attacking = false;
    });
    await Promise.all(attacks);

    const alone = perSecond(sizes.searches, aloneMs);
    const underAttack = perSecond(sizes.searches, underAttackMs);
    printLine({
      bench: 'abuse-nested-json',
      documents: written.documents,
      searches: sizes.searches,
      searchConcurrency: sizes.searchConcurrency,
      attackers: sizes.attackers,
      attackBodyBytes: NESTED_BODY.length,
      attackRequests: Object.values(statuses).reduce((a, b) => a + b, 0),
      attackStatuses: statuses,
      searchesPerSecondAlone: alone,
      searchesPerSecondUnderAttack: underAttack,
      ratioUnderAttackOverAlone: round(underAttack / alone, 2),
    });
  } finally {
    await app.close();
  }
}
