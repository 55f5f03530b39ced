import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from '../infrastructure/read-store/embedded-read-store';
import type { ReadModel } from '../infrastructure/read-store/read-store.port';
import { openSqliteDatabase, type SqliteDatabase } from '../infrastructure/sqlite/sqlite-database';
import { BatchCollection } from './batch-collection';

interface Doc extends ReadModel {
  owner: string;
  title: string;
}

describe('BatchCollection (on the embedded read store)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'batch-collection-'));
  let db: SqliteDatabase;
  let store: EmbeddedReadStore;
  beforeEach(async () => {
    db = openSqliteDatabase(join(directory, `${Date.now()}-${Math.random()}.sqlite`));
    store = new EmbeddedReadStore(db);
    await store.transaction('test', async (tx) => {
      await tx.collection<Doc>('docs').insertOne({ _id: 'a', owner: 'ann', title: 'A' });
      await tx.collection<Doc>('docs').insertOne({ _id: 'b', owner: 'bob', title: 'B' });
    });
  });
  afterEach(async () => {
    await store.close();
    db.close();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  const all = () => store.collection<Doc>('docs').find({}, { sort: { _id: 1 } });

  it('writes nothing until commit, then each changed record once: replaced, added or deleted', async () => {
    await store.transaction('test', async (tx) => {
      const docs = new BatchCollection(tx.collection<Doc>('docs'));
      const a = (await docs.get('a'))!;
      a.title = 'A, edited';
      docs.touch('a');
      docs.set('c', { _id: 'c', owner: 'ann', title: 'C' });
      docs.set('b', null);
      expect(await tx.collection<Doc>('docs').findOne({ _id: 'a' })).toMatchObject({ title: 'A' });
      await docs.commit((doc) => (doc.title = doc.title.toUpperCase()));
    });
    expect(await all()).toEqual([
      { _id: 'a', owner: 'ann', title: 'A, EDITED' },
      { _id: 'c', owner: 'ann', title: 'C' },
    ]);
  });

  it('reads a record once per batch and finds records by a field, stored and added in the batch', async () => {
    await store.transaction('test', async (tx) => {
      const collection = tx.collection<Doc>('docs');
      const findOne = jest.spyOn(collection, 'findOne');
      const docs = new BatchCollection(collection);
      expect(await docs.get('a')).toBe(await docs.get('a'));
      expect(await docs.get('missing')).toBeNull();
      expect(findOne).toHaveBeenCalledTimes(2);
      docs.set('c', { _id: 'c', owner: 'ann', title: 'C' });
      docs.set('b', { _id: 'b', owner: 'ann', title: 'B' });
      const anns = await docs.where('owner', 'ann');
      expect(anns.map(([id]) => id).sort()).toEqual(['a', 'b', 'c']);
    });
  });
});
