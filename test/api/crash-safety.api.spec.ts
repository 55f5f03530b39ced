import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { crashChildArgs, crashProjections } from '../support/crash-child';

interface Acked {
  readonly position: bigint;
  readonly type: string;
}

/** Starts the child, lets it append for `ms` after it is ready, kills it with SIGKILL; returns what it acknowledged. */
function appendThenKill(file: string, ms: number): Promise<Acked[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, crashChildArgs(file), { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: Acked[] = [];
    let buffer = '';
    let errors = '';
    let timer: NodeJS.Timeout | null = null;
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready' && timer === null) timer = setTimeout(() => child.kill('SIGKILL'), ms);
        const match = /^acked (\d+) (\w+)$/.exec(line);
        if (match) acked.push({ position: BigInt(match[1]!), type: match[2]! });
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`the child ended by itself (${code}): ${errors}`));
    });
  });
}

/**
 * kill -9 while appends are acknowledged and projections commit live (read models without an fsync of
 * their own, checkpoints of ignored events stored late: docs/decisions/writes-do-not-stall-readers.md):
 * nothing acknowledged is lost, and every read model is exactly as far as its checkpoint says.
 */
describe('kill -9 during writes (the embedded SQLite file)', () => {
  const dir = join(tmpdir(), `lepinguturg-crash-${randomUUID()}`);
  const file = join(dir, 'lepinguturg.sqlite');

  beforeAll(() => mkdirSync(dir, { recursive: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged append and applies each event exactly once, over 5 kills', async () => {
    const acked: Acked[] = [];
    for (let round = 0; round < 5; round++) {
      acked.push(...(await appendThenKill(file, 300 + round * 150)));

      const db = openSqliteDatabase(file);
      const eventStore = new SqliteEventStore(db);
      const readStore = new EmbeddedReadStore(db);
      try {
        const stored = await eventStore.readAll(null, 1_000_000);
        const positions = new Set(stored.map((event) => event.position));
        const lost = acked.filter((a) => !positions.has(a.position));
        expect(lost).toEqual([]);

        // Each read model holds exactly the events up to its own checkpoint, no more, no fewer.
        for (const [name, type] of [
          ['counted', 'Counted'],
          ['ignored_mostly', 'Rare'],
        ] as const) {
          const checkpoint = await readStore.getCheckpoint(name);
          const count = await readStore.collection(`${name}_counts`).findOne({ _id: 'count' });
          const expected = stored.filter(
            (e) => e.type === type && checkpoint !== null && e.position <= checkpoint,
          );
          expect({ name, count: (count?.count as number | undefined) ?? 0 }).toEqual({
            name,
            count: expected.length,
          });
        }

        // Started again, the projections catch up to the end of the log, each event counted once.
        const runner = new ProjectionRunner(eventStore, readStore, crashProjections());
        await runner.start();
        expect(await runner.waitFor(await eventStore.headPosition(), runner.names, 20_000)).toBe(true);
        await runner.stop();
        const counted = await readStore.collection('counted_counts').findOne({ _id: 'count' });
        expect(counted?.count).toBe(stored.filter((e) => e.type === 'Counted').length);
        // Stopped, the runner stores the checkpoint of events it ignored: nothing is behind.
        for (const status of await runner.status()) expect(status).toMatchObject({ behind: false });
      } finally {
        await readStore.close();
        await eventStore.close();
        db.close();
      }
    }
    expect(acked.length).toBeGreaterThan(50);
  }, 120_000);
});
