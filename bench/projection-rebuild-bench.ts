import { join } from 'node:path';
import { SqliteEventStore } from '../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '../server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from '../server/src/projections/projection-runner';
import { ALL_PROJECTIONS } from '../server/src/projections/projections.module';
import { type CatalogueSize, writeCatalogue } from './fixtures/catalogue-writer';
import { note, perSecond, printLine, round } from './support/report';

export const BENCH_NOW = new Date('2026-11-21T12:00:00.000Z');

/**
 * Figure 4: fills a fresh SQLite file with a catalogue written through the real deciders, then times
 * ProjectionRunner.rebuild for every projection (reset, replay the whole log, commit per 500 events).
 */
export async function runProjectionRebuildBench(dir: string, size: CatalogueSize): Promise<void> {
  const db = openSqliteDatabase(join(dir, 'rebuild.sqlite'));
  const eventStore = new SqliteEventStore(db);
  const readStore = new EmbeddedReadStore(db);
  try {
    note(`rebuild: writing ${size.documents} documents and ${size.baskets} baskets through the deciders`);
    const written = await writeCatalogue(db, eventStore, size, BENCH_NOW);
    printLine({
      bench: 'rebuild-fixture',
      documents: written.documents,
      uploaders: written.uploaders,
      baskets: written.baskets,
      events: written.events,
      writeMs: round(written.ms),
      eventsPerSecond: perSecond(written.events, written.ms),
    });

    const projections = ALL_PROJECTIONS();
    const runner = new ProjectionRunner(eventStore, readStore, projections);
    for (const projection of projections) {
      note(`rebuild ${projection.name}`);
      const started = performance.now();
      const result = await runner.rebuild(projection.name);
      const ms = performance.now() - started;
      const documents = await Promise.all(
        projection.collections.map(
          async (name) => [name, await readStore.collection(name).count({})] as const,
        ),
      );
      printLine({
        bench: 'projection-rebuild',
        projection: projection.name,
        readStore: 'embedded',
        events: result.events,
        handledEvents: await countHandled(eventStore, projection.handles.bind(projection)),
        readModels: Object.fromEntries(documents),
        ms: round(ms),
        eventsPerSecond: perSecond(result.events, ms),
      });
    }
  } finally {
    await readStore.close();
    await eventStore.close();
    db.close();
  }
}

/** How many events of the log the projection acts on (the rest it only skips). */
async function countHandled(
  eventStore: SqliteEventStore,
  handles: (type: string) => boolean,
): Promise<number> {
  let after: bigint | null = null;
  let handled = 0;
  for (;;) {
    const page = await eventStore.readAll(after, 1000);
    const last = page.at(-1);
    if (last === undefined) return handled;
    handled += page.filter((event) => handles(event.type)).length;
    after = last.position;
  }
}
