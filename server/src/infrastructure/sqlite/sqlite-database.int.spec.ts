import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { checkpointInBackground, openSqliteDatabase } from './sqlite-database';

describe('the embedded SQLite file keeps the event loop off the disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lepinguturg-sqlite-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes concurrent appends durable with shared fsyncs of the WAL, off the event loop', async () => {
    const file = join(dir, 'events.sqlite');
    const db = openSqliteDatabase(file);
    const store = new SqliteEventStore(db);
    const probe = await open(file, 'r');
    const fsyncs = jest.spyOn(Object.getPrototypeOf(probe) as { sync(): Promise<void> }, 'sync');
    await probe.close();
    try {
      const appends = Array.from({ length: 50 }, (_, i) =>
        store.append(
          `stream-${i}`,
          [
            {
              id: randomUUID(),
              type: 'Happened',
              schemaVersion: 1,
              data: { i },
              metadata: { occurredAt: '' },
            },
          ],
          'no_stream',
        ),
      );
      await Promise.all(appends);
      // Every append waited for an fsync of the WAL, and those that came together shared one.
      expect(fsyncs).toHaveBeenCalled();
      expect(fsyncs.mock.calls.length).toBeLessThan(50);
      // The synchronous setting the rest of the connection relies on is back to FULL.
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect((await store.readAll(null, 100)).length).toBe(50);
    } finally {
      fsyncs.mockRestore();
      await store.close();
      db.close();
    }
  });

  it('checkpoints the WAL from a worker thread, so no commit on the event loop has to', async () => {
    const file = join(dir, 'big.sqlite');
    const db = openSqliteDatabase(file);
    const stop = checkpointInBackground(db);
    try {
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      db.exec('CREATE TABLE t (x TEXT)');
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      for (let i = 0; i < 300; i++) db.transaction(() => insert.run('x'.repeat(4000)))();
      // Nothing on this connection copies pages into the database file; the worker does, within a second.
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < before + 300 * 4096 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(statSync(file).size).toBeGreaterThanOrEqual(before + 300 * 4096);
    } finally {
      await stop();
      db.close();
    }
  });
});
