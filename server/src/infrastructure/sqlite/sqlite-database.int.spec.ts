import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import Database from 'better-sqlite3';
import { EmbeddedReadStore } from '../read-store/embedded-read-store';
import {
  PAGE_SIZE,
  checkpointInBackground,
  openSqliteDatabase,
  vacuumSqliteDatabase,
} from './sqlite-database';

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

describe('the embedded SQLite file is written in 16 KB pages', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lepinguturg-pages-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A file as the versions before 16 KB pages made it: SQLite's default 4 KB pages, in WAL mode. */
  function makeOldFile(file: string): void {
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.close();
  }

  /** Events and a read-model collection, written through the ports. */
  async function fill(db: ReturnType<typeof openSqliteDatabase>, count: number, from = 0) {
    const events = new SqliteEventStore(db);
    const reads = new EmbeddedReadStore(db);
    await reads.ensureIndex('things', { kind: 1 });
    for (let i = from; i < from + count; i += 100) {
      await events.append(
        `thing-${i}`,
        Array.from({ length: 100 }, (_, k) => ({
          id: randomUUID(),
          type: 'Happened',
          schemaVersion: 1,
          data: { i: i + k, text: 'x'.repeat(500) },
          metadata: { occurredAt: '' },
        })),
        'no_stream',
      );
      await reads.transaction('things', async (tx) => {
        for (let k = 0; k < 100; k++)
          await tx
            .collection('things')
            .insertOne({ _id: `t${i + k}`, kind: (i + k) % 3, text: 'y'.repeat(2_400) });
        tx.setCheckpoint(BigInt(i + 100));
      });
    }
    const kindZero = await reads.collection('things').count({ kind: 0 });
    await reads.close();
    await events.close();
    return kindZero;
  }

  async function contents(db: ReturnType<typeof openSqliteDatabase>) {
    const events = new SqliteEventStore(db);
    const reads = new EmbeddedReadStore(db);
    const log = (await events.readAll(null, 100_000)).map((e) => [e.id, JSON.stringify(e.data)]);
    const kindOne = (await reads.collection('things').find({ kind: 1 }, { sort: { _id: 1 } })).map(
      (d) => d._id,
    );
    const checkpoint = await reads.getCheckpoint('things');
    await reads.close();
    await events.close();
    return { log, kindOne, checkpoint };
  }

  it('makes a new file with 16 KB pages, and opens an older 4 KB one as it is', async () => {
    const fresh = openSqliteDatabase(join(dir, 'new.sqlite'));
    expect(fresh.pragma('page_size', { simple: true })).toBe(PAGE_SIZE);
    expect(fresh.pragma('journal_mode', { simple: true })).toBe('wal');
    fresh.close();

    const file = join(dir, 'old.sqlite');
    makeOldFile(file);
    const db = openSqliteDatabase(file);
    await fill(db, 200);
    expect(db.pragma('page_size', { simple: true })).toBe(4_096);
    db.close();
    const again = openSqliteDatabase(file);
    expect(again.pragma('page_size', { simple: true })).toBe(4_096);
    expect((await contents(again)).log).toHaveLength(200);
    again.close();
  });

  it('rewrites an older file in 16 KB pages with every event, document and checkpoint kept, and returns freed pages', async () => {
    const file = join(dir, 'old.sqlite');
    makeOldFile(file);
    const db = openSqliteDatabase(file);
    await fill(db, 1_000);
    const before = await contents(db);
    // A rebuild drops a collection's tables: their pages stay in the file until it is rewritten.
    db.exec('CREATE TABLE dropped (x TEXT)');
    db.prepare('INSERT INTO dropped SELECT hex(randomblob(2000)) FROM events').run();
    db.exec('DROP TABLE dropped');
    const result = vacuumSqliteDatabase(db);
    expect(result.pageSizeBefore).toBe(4_096);
    expect(result.pageSizeAfter).toBe(PAGE_SIZE);
    expect(result.bytesAfter).toBeLessThan(result.bytesBefore / 2);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();

    const reopened = openSqliteDatabase(file);
    expect(reopened.pragma('page_size', { simple: true })).toBe(PAGE_SIZE);
    expect(await contents(reopened)).toEqual(before);
    expect(before.log).toHaveLength(1_000);
    expect(before.kindOne).toHaveLength(333);
    expect(before.checkpoint).toBe(1_000n);
    // The file still takes writes after it was rewritten.
    expect(await fill(reopened, 100, 1_000)).toBe(367);
    reopened.close();
  });
});
