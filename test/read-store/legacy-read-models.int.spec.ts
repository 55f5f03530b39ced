import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryReadStore } from '../../bench/reference/in-memory-read-store';
import { EmbeddedReadStore } from '../../server/src/infrastructure/read-store/embedded-read-store';
import { openSqliteDatabase } from '../../server/src/infrastructure/sqlite/sqlite-database';

/**
 * A data folder from before 2026-11-26 keeps its read models in the `read_models` table of the in-memory
 * engine (kept as bench/reference). The first start of the store on disk moves them into its own tables:
 * nothing to rebuild, no checkpoint lost.
 */
describe('read models written by the in-memory engine of 2026-11-26', () => {
  const directory = mkdtempSync(join(tmpdir(), 'legacy-read-models-'));
  const file = join(directory, 'lepinguturg.sqlite');

  afterAll(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('move into the store on its first start, with their indexes and the checkpoints as they were', async () => {
    const before = openSqliteDatabase(file);
    const legacy = new InMemoryReadStore(before);
    await legacy.ensureIndex('documents', { slug: 1 }, { unique: true });
    await legacy.ensureIndex('documents', { status: 1, createdAt: -1 });
    await legacy.transaction('catalogue', async (tx) => {
      for (let i = 0; i < 30; i++) {
        await tx.collection('documents').insertOne({
          _id: `d${i}`,
          slug: `slug-${i}`,
          status: i % 3 === 0 ? 'draft' : 'published',
          createdAt: `2026-01-${String(1 + i).padStart(2, '0')}`,
          tags: [`t${i % 4}`],
        });
      }
      tx.setCheckpoint(123n);
    });
    await legacy.transaction('users', async (tx) => {
      await tx.collection('users').insertOne({ _id: 'u1', name: 'Mari' });
      tx.setCheckpoint(7n);
    });
    await legacy.close();
    before.close();

    const db = openSqliteDatabase(file);
    try {
      const store = new EmbeddedReadStore(db);
      expect(await store.getCheckpoint('catalogue')).toBe(123n);
      expect(await store.getCheckpoint('users')).toBe(7n);
      expect(await store.collection('users').findOne({ _id: 'u1' })).toEqual({ _id: 'u1', name: 'Mari' });
      expect(await store.collection('documents').count({})).toBe(30);
      const newest = await store
        .collection('documents')
        .find({ status: 'published' }, { sort: { createdAt: -1 }, limit: 3 });
      expect(newest.map((doc) => doc._id)).toEqual(['d29', 'd28', 'd26']);
      await expect(
        store.transaction('catalogue', async (tx) => {
          await tx.collection('documents').insertOne({ _id: 'again', slug: 'slug-4' });
        }),
      ).rejects.toThrow(/duplicate key/i);
      const tables = db
        .prepare<[], string>(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'read_model%'",
        )
        .pluck()
        .all();
      expect(tables).toEqual([]);
      await store.close();
    } finally {
      db.close();
    }
  });
});
