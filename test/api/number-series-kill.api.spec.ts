import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceSeriesStreamId, receiptSeriesStreamId } from '../../server/src/events/invoice.events';
import { SqliteEventStore } from '../../server/src/infrastructure/event-store/sqlite-event-store';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';

const ROOT = join(__dirname, '..', '..');
const COUNT = 300;

/** Starts the numbering process; answers it and the numbers it printed so far. */
function startNumbering(dataDir: string, kind: 'invoice' | 'receipt') {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-r',
      join(ROOT, 'test/support/ts-require.cjs'),
      join(ROOT, 'test/support/number-series-child.ts'),
      dataDir,
      kind,
      String(COUNT),
      'purchase',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const printed: string[] = [];
  let errors = '';
  child.stdout!.on('data', (chunk: Buffer) =>
    printed.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, printed, exited, errors: () => errors };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Invoice and receipt numbers stay gap-free when the process giving them is killed outright (kill -9)
 * in the middle of a burst: what the series stream holds is 1…n with each purchase once, and the next run
 * goes on at n + 1, giving the purchases that were in flight their numbers then.
 */
describe.each([
  ['invoice', invoiceSeriesStreamId('LT'), 'LT'],
  ['receipt', receiptSeriesStreamId('KV'), 'KV'],
] as const)('%s numbers under kill -9', (kind, stream, series) => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lepinguturg-numbers-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const read = async () => {
    const db = openSqliteDatabase(join(dataDir, 'numbers.sqlite'));
    const store = new SqliteEventStore(db);
    try {
      return (await store.readStream(stream)).map((e) => e.data as { sequence: number; purchaseId: string });
    } finally {
      // Its background checkpointer first: it must not outlive the folder.
      await store.close();
      db.close();
    }
  };

  it('is gap-free after the process is killed midway, and the next run goes on from there', async () => {
    const first = startNumbering(dataDir, kind);
    await until(() => first.printed.length >= 40 || first.child.exitCode !== null, 60_000);
    expect(first.errors()).toBe('');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const afterKill = await read();
    expect(afterKill.length).toBeGreaterThanOrEqual(40);
    expect(afterKill.length).toBeLessThan(COUNT);
    expect(afterKill.map((n) => n.sequence)).toEqual(
      Array.from({ length: afterKill.length }, (_, i) => i + 1),
    );
    expect(new Set(afterKill.map((n) => n.purchaseId)).size).toBe(afterKill.length);
    // Whatever was printed was recorded; more may have been recorded just before the kill.
    expect(first.printed.every((number) => number.startsWith(`${series}-`))).toBe(true);
    expect(first.printed.length).toBeLessThanOrEqual(afterKill.length);

    const second = startNumbering(dataDir, kind);
    expect(await second.exited).toBe(0);
    const all = await read();
    expect(all.map((n) => n.sequence)).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(new Set(all.map((n) => n.purchaseId)).size).toBe(COUNT);
    expect(all.slice(0, afterKill.length)).toEqual(afterKill);
  }, 180_000);
});
