
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { SqliteEventStore } from '/work/wt/search/server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '/work/wt/search/server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '/work/wt/search/server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from '/work/wt/search/server/src/projections/projection-runner';
import { ALL_PROJECTIONS } from '/work/wt/search/server/src/projections/projections.module';
import { writeCatalogue } from '/work/wt/search/bench/fixtures/catalogue-writer';
(async () => {
  const db = openSqliteDatabase(join(mkdtempSync(join(tmpdir(), 'rb-')), 'x.sqlite'));
  const es = new SqliteEventStore(db); const rs = new EmbeddedReadStore(db);
  const n = Number(process.argv[2] ?? 20000);
  const w = await writeCatalogue(db, es, { documents: n, uploaders: 12, baskets: 0, secondFileEvery: 10 }, new Date('2026-11-21T12:00:00Z'));
  console.log('written', w.events, Math.round(w.ms));
  const runner = new ProjectionRunner(es, rs, ALL_PROJECTIONS());
  for (const name of (process.argv[3] ?? 'search,catalogue').split(',')) {
    const t = performance.now(); const r = await runner.rebuild(name); const ms = performance.now() - t;
    console.log(name, r.events, Math.round(ms), Math.round(r.events / ms * 1000), 'ev/s');
  }
  console.log('rss MB', Math.round(process.memoryUsage().rss / 1e6));
})();
