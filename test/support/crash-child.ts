import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../server/src/infrastructure/read-store/embedded-read-store';
import type { ProjectionTransaction } from '../../server/src/infrastructure/read-store/read-store.port';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';
import type { StoredEvent } from '../../server/src/events/domain-event';
import type { Projection } from '../../server/src/projections/projection';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';

/**
 * A projection that counts the events of one type (a count applied twice or skipped shows at once) and
 * keeps the last position it saw, committed with its checkpoint like every read model.
 */
export class CountingProjection implements Projection {
  readonly collections: readonly string[];

  constructor(
    readonly name: string,
    private readonly type: string,
  ) {
    this.collections = [`${name}_counts`];
  }

  handles(eventType: string): boolean {
    return eventType === this.type;
  }

  async apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void> {
    await tx
      .collection(`${this.name}_counts`)
      .updateOne(
        { _id: 'count' },
        { $inc: { count: 1 }, $set: { last: event.position.toString() } },
        { upsert: true },
      );
  }
}

/** The projections both the child and the test run: `Counted` events are about one in four. */
export const crashProjections = (): Projection[] => [
  new CountingProjection('counted', 'Counted'),
  new CountingProjection('ignored_mostly', 'Rare'),
];

/**
 * Run by test/api/crash-safety.api.spec.ts in a child process (ts-node), killed with SIGKILL at a random
 * moment: appends events one after another on the embedded profile's SQLite file with the projections
 * running live, and prints `acked <position> <type>` after each append is acknowledged.
 */
export async function runCrashChild(file: string): Promise<void> {
  const db = openSqliteDatabase(file);
  const eventStore = new SqliteEventStore(db);
  const readStore = new EmbeddedReadStore(db);
  const runner = new ProjectionRunner(eventStore, readStore, crashProjections());
  await runner.start();
  process.stdout.write('ready\n');
  for (let i = 0; ; i++) {
    const type = i % 4 === 0 ? 'Counted' : i % 97 === 0 ? 'Rare' : 'Other';
    const { position } = await eventStore.append(
      `crash-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type,
          schemaVersion: 1,
          data: { i },
          metadata: { occurredAt: new Date().toISOString() },
        },
      ],
      'no_stream',
    );
    process.stdout.write(`acked ${position} ${type}\n`);
    // Let the projections commit between appends, as between requests.
    if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Node's arguments for a child that runs `runCrashChild(file)` from this TypeScript source: a require hook
 * that compiles .ts with SWC (already the tests' compiler), so nothing but Node.js is needed.
 */
export function crashChildArgs(file: string): string[] {
  const script = `
    const swc = require(${JSON.stringify(require.resolve('@swc/core'))});
    require.extensions['.ts'] = (module, filename) => {
      const { code } = swc.transformFileSync(filename, {
        jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    require(${JSON.stringify(__filename)}).runCrashChild(process.argv[1]).catch((error) => {
      process.stderr.write(String(error && error.stack || error) + '\\n');
      process.exit(1);
    });`;
  return ['-e', script, file];
}
