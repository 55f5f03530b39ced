import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteDatabase, type SqliteDatabase } from '../sqlite/sqlite-database';
import { DuplicateEventIdError } from './duplicate-event-id.error';
import { describeEventStoreContract } from './event-store.contract';
import { decodeEvent, type EventStore, type NewEvent, type RecordedEvent } from './event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const opened = new Map<EventStore, { db: SqliteDatabase; dir: string }>();

function openInTempDir(): { db: SqliteDatabase; dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lepinguturg-events-'));
  const file = join(dir, 'lepinguturg.sqlite');
  return { db: openSqliteDatabase(file), dir, file };
}

describeEventStoreContract(
  'SqliteEventStore',
  () => {
    const { db, dir } = openInTempDir();
    const store = new SqliteEventStore(db);
    opened.set(store, { db, dir });
    return Promise.resolve(store);
  },
  (store) => {
    const entry = opened.get(store);
    opened.delete(store);
    entry?.db.close();
    if (entry) rmSync(entry.dir, { recursive: true, force: true });
    return Promise.resolve();
  },
);

function anEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'BasketConfirmed',
    schemaVersion: 1,
    data: { basketId: randomUUID(), totalCents: 4200 },
    metadata: { occurredAt: '2025-03-01T10:00:00.000Z' },
  };
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SqliteEventStore on a file', () => {
  let dir: string;
  let file: string;
  const databases: SqliteDatabase[] = [];
  const stores: SqliteEventStore[] = [];

  function openStore(): { store: SqliteEventStore; db: SqliteDatabase } {
    const db = openSqliteDatabase(file);
    const store = new SqliteEventStore(db, { pollIntervalMs: 50 });
    databases.push(db);
    stores.push(store);
    return { store, db };
  }

  beforeEach(() => {
    const temp = openInTempDir();
    temp.db.close();
    dir = temp.dir;
    file = temp.file;
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    for (const db of databases.splice(0)) if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given an empty file, when asking for the head, then there is none', async () => {
    const { store } = openStore();

    expect(await store.headPosition()).toBeNull();
    expect(await store.readAll(null, 10)).toEqual([]);
  });

  it('given appended events, when a rebuild reads the log, then it gets each payload as the JSON text stored', async () => {
    const { store } = openStore();
    const written = [anEvent(), anEvent()];
    await store.append(`basket-${randomUUID()}`, written, 'no_stream');

    const encoded = await store.readAllEncoded(null, 10);

    expect(encoded.map((event) => [event.id, event.data, event.metadata])).toEqual(
      written.map((event) => [event.id, JSON.stringify(event.data), JSON.stringify(event.metadata)]),
    );
    expect(encoded.map(decodeEvent)).toEqual(await store.readAll(null, 10));
  });

  it('given appended events, when the file is closed and reopened, then the events are still there', async () => {
    const first = openStore();
    const written = [anEvent(), anEvent()];
    const result = await first.store.append('basket-1', written, 'no_stream');
    await first.store.close();
    first.db.close();

    const { store } = openStore();

    const stored = await store.readStream('basket-1');
    expect(stored.map((event) => event.id)).toEqual(written.map((event) => event.id));
    expect(stored[0]?.data).toEqual(written[0]?.data);
    expect(await store.headPosition()).toBe(result.position);
    const next = await store.append('basket-1', [anEvent()], 1);
    expect(next.position > result.position).toBe(true);
  });

  it('given two stores on one file, when the first appends, then the second reads it and its subscription polls it', async () => {
    const writer = openStore().store;
    const reader = openStore().store;
    const delivered: RecordedEvent[] = [];
    reader.subscribeToAll({
      after: null,
      onEvents: (batch) => {
        delivered.push(...batch);
        return Promise.resolve();
      },
    });
    const event = anEvent();

    await writer.append('purchase-1', [event], 'no_stream');

    expect((await reader.readAll(null, 10)).map((recorded) => recorded.id)).toEqual([event.id]);
    await waitUntil(() => delivered.length === 1, 'the polled event');
    expect(delivered[0]?.id).toBe(event.id);
  });

  it('given two stores on one file, when both append with the same expected revision, then one wins', async () => {
    const a = openStore().store;
    const b = openStore().store;
    await a.append('payout-1', [anEvent()], 'no_stream');

    const outcomes = await Promise.allSettled([
      a.append('payout-1', [anEvent()], 0),
      b.append('payout-1', [anEvent()], 0),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await a.readStream('payout-1')).toHaveLength(2);
  });

  it('when opened, then event ids are unique by index', () => {
    const { db } = openStore();

    const indexes = db.prepare<[], { name: string; unique: number }>("PRAGMA index_list('events')").all();
    const uniqueColumns = indexes
      .filter((index) => index.unique === 1)
      .map((index) =>
        db
          .prepare<[], { name: string }>(`PRAGMA index_info('${index.name}')`)
          .all()
          .map((column) => column.name),
      );

    expect(uniqueColumns).toContainEqual(['event_id']);
    expect(uniqueColumns).toContainEqual(['stream_id', 'revision']);
  });

  it('given an event id used in another stream, when appending it again, then it fails clearly', async () => {
    const { store } = openStore();
    const event = anEvent();
    await store.append('document-1', [event], 'no_stream');

    await expect(store.append('document-2', [event], 'no_stream')).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    expect(await store.readStream('document-2')).toEqual([]);
  });

  it('given a stored batch, when a different batch reuses some of its ids, then it fails clearly and writes nothing', async () => {
    const { store } = openStore();
    const [a, b] = [anEvent(), anEvent()];
    await store.append('document-1', [a, b], 'no_stream');

    await expect(store.append('document-1', [a, anEvent()], 'any')).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    await expect(store.append('document-1', [anEvent(), b], 'any')).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
    expect(await store.readStream('document-1')).toHaveLength(2);
  });

  it('when closed, then its subscriptions stop', async () => {
    const { store } = openStore();
    const delivered: RecordedEvent[] = [];
    store.subscribeToAll({
      after: null,
      onEvents: (batch) => {
        delivered.push(...batch);
        return Promise.resolve();
      },
    });
    await store.append('basket-2', [anEvent()], 'no_stream');
    await waitUntil(() => delivered.length === 1, 'the first event');

    await store.close();
    const other = openStore().store;
    await other.append('basket-2', [anEvent()], 0);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(delivered).toHaveLength(1);
  });
});
