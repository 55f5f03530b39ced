import { randomUUID } from 'node:crypto';
import type { ProjectionTransaction, ReadModel, ReadStore, Sort, WriteCollection } from './read-store.port';

interface Product extends ReadModel {
  title: string;
  category: string;
  price: number;
  tags: string[];
  seller: { name: string; city: string };
  discount?: number;
}

const products: Product[] = [
  {
    _id: 'p1',
    title: 'Lease agreement',
    category: 'rent',
    price: 500,
    tags: ['home'],
    seller: { name: 'Mari', city: 'Tartu' },
  },
  {
    _id: 'p2',
    title: 'Employment CONTRACT',
    category: 'work',
    price: 1500,
    tags: ['job', 'hr'],
    seller: { name: 'Jaan', city: 'Tallinn' },
    discount: 10,
  },
  {
    _id: 'p3',
    title: 'Sales contract',
    category: 'trade',
    price: 900,
    tags: [],
    seller: { name: 'Mari', city: 'Tartu' },
  },
  {
    _id: 'p4',
    title: 'Rental contract',
    category: 'rent',
    price: 700,
    tags: ['home', 'flat'],
    seller: { name: 'Kati', city: 'Pärnu' },
    discount: 0,
  },
  {
    _id: 'p5',
    title: 'Power of attorney',
    category: 'work',
    price: 500,
    tags: ['hr'],
    seller: { name: 'Jaan', city: 'Tallinn' },
  },
];

/** A collection or projection name of its own per test, so the suite can share a server with other runs. */
function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

function ids(docs: readonly ReadModel[]): string[] {
  return docs.map((doc) => doc._id);
}

/**
 * The ReadStore contract: every adapter runs this suite. `create` gives a store for the suite,
 * `dispose` releases it (defaults to `close()`), `reopen` closes a store and opens the same data again
 * as a restarted server would (the restart case is skipped without it).
 */
export function describeReadStoreContract(
  name: string,
  create: () => Promise<ReadStore>,
  dispose: (store: ReadStore) => Promise<void> = (store) => store.close(),
  reopen?: (store: ReadStore) => Promise<ReadStore>,
): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;

    beforeAll(async () => {
      store = await create();
    });

    afterAll(async () => {
      await dispose(store);
    });

    async function write(work: (tx: ProjectionTransaction) => Promise<void>): Promise<void> {
      await store.transaction(uniqueName('writer'), work);
    }

    async function seeded(docs: readonly ReadModel[] = products): Promise<string> {
      const collection = uniqueName('products');
      await write(async (tx) => {
        for (const doc of docs) await tx.collection(collection).insertOne(structuredClone(doc));
      });
      return collection;
    }

    async function findIds(collection: string, filter: Record<string, unknown>): Promise<string[]> {
      const found = await store.collection(collection).find(filter, { sort: { _id: 1 } });
      return ids(found);
    }

    describe('queries', () => {
      let collection: string;

      beforeAll(async () => {
        collection = await seeded();
      });

      it('finds by equality and by _id, and returns null when nothing matches', async () => {
        expect(await store.collection<Product>(collection).findOne({ _id: 'p3' })).toEqual(products[2]);
        expect(await findIds(collection, { category: 'rent' })).toEqual(['p1', 'p4']);
        expect(await findIds(collection, { category: 'rent', price: 700 })).toEqual(['p4']);
        expect(await store.collection(collection).findOne({ category: 'none' })).toBeNull();
        expect(await store.collection(uniqueName('empty')).find({})).toEqual([]);
      });

      it('matches dotted paths and array elements', async () => {
        expect(await findIds(collection, { 'seller.city': 'Tartu' })).toEqual(['p1', 'p3']);
        expect(await findIds(collection, { 'seller.name': 'Jaan', price: { $gt: 600 } })).toEqual(['p2']);
        expect(await findIds(collection, { tags: 'hr' })).toEqual(['p2', 'p5']);
      });

      it('matches fields of objects in arrays, by a dotted path and by $elemMatch', async () => {
        const orders = await seeded([
          {
            _id: 'o1',
            lines: [
              { sku: 'a', state: 'refunded' },
              { sku: 'b', state: 'paid' },
            ],
          },
          { _id: 'o2', lines: [{ sku: 'b', state: 'paid' }] },
          { _id: 'o3', lines: [] },
        ]);
        expect(await findIds(orders, { 'lines.sku': 'b' })).toEqual(['o1', 'o2']);
        expect(await findIds(orders, { 'lines.state': 'refunded' })).toEqual(['o1']);
        expect(await findIds(orders, { lines: { $elemMatch: { state: 'refunded' } } })).toEqual(['o1']);
        expect(await findIds(orders, { lines: { $elemMatch: { sku: 'b', state: 'refunded' } } })).toEqual([]);
      });

      it('supports $eq $ne $in $nin $gt $gte $lt $lte', async () => {
        expect(await findIds(collection, { price: { $eq: 500 } })).toEqual(['p1', 'p5']);
        expect(await findIds(collection, { category: { $ne: 'rent' } })).toEqual(['p2', 'p3', 'p5']);
        expect(await findIds(collection, { category: { $in: ['trade', 'work'] } })).toEqual([
          'p2',
          'p3',
          'p5',
        ]);
        expect(await findIds(collection, { category: { $nin: ['trade', 'work'] } })).toEqual(['p1', 'p4']);
        expect(await findIds(collection, { price: { $gt: 700 } })).toEqual(['p2', 'p3']);
        expect(await findIds(collection, { price: { $gte: 700 } })).toEqual(['p2', 'p3', 'p4']);
        expect(await findIds(collection, { price: { $lt: 700 } })).toEqual(['p1', 'p5']);
        expect(await findIds(collection, { price: { $lte: 700, $gt: 500 } })).toEqual(['p4']);
      });

      it('supports $exists $and $or $not', async () => {
        expect(await findIds(collection, { discount: { $exists: true } })).toEqual(['p2', 'p4']);
        expect(await findIds(collection, { discount: { $exists: false } })).toEqual(['p1', 'p3', 'p5']);
        expect(await findIds(collection, { $and: [{ category: 'work' }, { price: { $lt: 1000 } }] })).toEqual(
          ['p5'],
        );
        expect(
          await findIds(collection, { $or: [{ category: 'trade' }, { 'seller.city': 'Pärnu' }] }),
        ).toEqual(['p3', 'p4']);
        expect(await findIds(collection, { price: { $not: { $gt: 600 } } })).toEqual(['p1', 'p5']);
      });

      it('supports $regex as a string with options, as a RegExp, and a RegExp value', async () => {
        expect(await findIds(collection, { title: { $regex: 'contract', $options: 'i' } })).toEqual([
          'p2',
          'p3',
          'p4',
        ]);
        expect(await findIds(collection, { title: { $regex: 'contract' } })).toEqual(['p3', 'p4']);
        expect(await findIds(collection, { title: { $regex: /^(lease|power)/i } })).toEqual(['p1', 'p5']);
        expect(await findIds(collection, { title: /CONTRACT$/ })).toEqual(['p2']);
      });

      it('sorts by several keys in both directions, then skips and limits', async () => {
        const items = store.collection<Product>(collection);
        expect(ids(await items.find({}, { sort: { price: 1, _id: -1 } }))).toEqual([
          'p5',
          'p1',
          'p4',
          'p3',
          'p2',
        ]);
        expect(ids(await items.find({}, { sort: { category: -1, price: -1 } }))).toEqual([
          'p2',
          'p5',
          'p3',
          'p4',
          'p1',
        ]);
        expect(ids(await items.find({}, { sort: { price: -1 }, skip: 1, limit: 2 }))).toEqual(['p3', 'p4']);
        expect(ids(await items.find({ category: 'work' }, { sort: { _id: 1 }, limit: 1 }))).toEqual(['p2']);
        expect(ids(await items.find({}, { sort: { _id: 1 }, skip: 4 }))).toEqual(['p5']);
      });

      it('counts matching documents', async () => {
        expect(await store.collection(collection).count({})).toBe(5);
        expect(await store.collection(collection).count({ 'seller.name': 'Mari' })).toBe(2);
        expect(await store.collection(collection).count({ _id: 'p9' })).toBe(0);
      });

      it('aggregates with $match $group $sort $limit $project', async () => {
        const totals = await store
          .collection(collection)
          .aggregate<{ category: string; total: number; count: number }>([
            { $match: { price: { $gte: 500 } } },
            { $group: { _id: '$category', total: { $sum: '$price' }, count: { $sum: 1 } } },
            { $sort: { total: -1 } },
            { $limit: 2 },
            { $project: { _id: 0, category: '$_id', total: 1, count: 1 } },
          ]);
        expect(totals).toEqual([
          { category: 'work', total: 2000, count: 2 },
          { category: 'rent', total: 1200, count: 2 },
        ]);
      });

      it('returns copies: mutating a result changes nothing stored', async () => {
        const items = store.collection<Product>(collection);
        const one = await items.findOne({ _id: 'p1' });
        if (!one) throw new Error('p1 is missing');
        one.title = 'changed';
        one.seller.city = 'changed';
        one.tags.push('changed');
        const [first] = await items.find({ _id: 'p1' });
        if (!first) throw new Error('p1 is missing');
        first.price = -1;
        const [grouped] = await items.aggregate<Product>([{ $match: { _id: 'p1' } }]);
        if (!grouped) throw new Error('p1 is missing');
        grouped.seller.name = 'changed';
        expect(await items.findOne({ _id: 'p1' })).toEqual(products[0]);
      });
    });

    describe('writes', () => {
      it('does not keep a reference to an inserted document', async () => {
        const collection = uniqueName('products');
        const doc = structuredClone(products[0]) as Product;
        await write(async (tx) => {
          await tx.collection(collection).insertOne(doc);
          doc.seller.city = 'changed';
        });
        doc.price = -1;
        expect(await store.collection(collection).findOne({ _id: 'p1' })).toEqual(products[0]);
      });

      it('applies several updates of one document in one transaction in order, each seen by the next read', async () => {
        const collection = uniqueName('steps');
        const files = [{ id: 'f1' }, { id: 'f2', pages: 3 }];
        await write(async (tx) => {
          const steps = tx.collection(collection);
          await steps.insertOne({ _id: 'a', files: [], n: 0 });
          await steps.updateOne({ _id: 'a' }, { $push: { files: files[0] }, $set: { n: 1 } });
          const seen = await steps.findOne({ _id: 'a' });
          expect(seen).toEqual({ _id: 'a', files: [{ id: 'f1' }], n: 1 });
          seen!['n'] = 99;
          await steps.updateOne({ _id: 'a' }, { $push: { files: files[1] } });
          files[1]!.pages = 4;
          expect((await steps.updateOne({ _id: 'a' }, { $set: { n: 1 } })).modifiedCount).toBe(0);
          await steps.updateOne({ _id: 'a' }, { $inc: { n: 1 } });
          await steps.replaceOne({ _id: 'a' }, { _id: 'a', files: [], n: 5 });
          await steps.updateOne({ _id: 'a' }, { $push: { files: { id: 'f3' } } });
        });
        expect(await store.collection(collection).findOne({ _id: 'a' })).toEqual({
          _id: 'a',
          files: [{ id: 'f3' }],
          n: 5,
        });
      });

      it('rejects a second document with the same _id', async () => {
        const collection = await seeded();
        await expect(
          write(async (tx) => {
            await tx.collection(collection).insertOne({ _id: 'p1', title: 'again' });
          }),
        ).rejects.toThrow(/duplicate key/i);
        expect(await store.collection(collection).findOne({ _id: 'p1' })).toEqual(products[0]);
      });

      it('updateOne applies $set $unset $inc $push $pull and reports counts', async () => {
        const collection = await seeded();
        let results: unknown[] = [];
        await write(async (tx) => {
          const items = tx.collection<Product>(collection);
          results = [
            await items.updateOne(
              { _id: 'p2' },
              { $set: { price: 1600, 'seller.city': 'Narva' }, $unset: { discount: '' } },
            ),
            await items.updateOne({ _id: 'p2' }, { $inc: { price: 5, views: 2 }, $push: { tags: 'legal' } }),
            await items.updateOne({ _id: 'p2' }, { $pull: { tags: 'job' } }),
            await items.updateOne({ _id: 'missing' }, { $set: { price: 1 } }),
            await items.updateOne({ category: 'rent', price: { $gt: 600 } }, { $set: { price: 500 } }),
          ];
        });
        expect(results).toEqual([
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 0, modifiedCount: 0, upsertedId: null },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
        ]);
        expect(await store.collection(collection).findOne({ _id: 'p2' })).toEqual({
          _id: 'p2',
          title: 'Employment CONTRACT',
          category: 'work',
          price: 1605,
          views: 2,
          tags: ['hr', 'legal'],
          seller: { name: 'Jaan', city: 'Narva' },
        });
        expect(await store.collection(collection).count({ price: 500 })).toBe(3);
      });

      it('reports modifiedCount 0 when $set writes the value already stored', async () => {
        const collection = await seeded();
        let result: unknown;
        await write(async (tx) => {
          result = await tx.collection(collection).updateOne({ _id: 'p1' }, { $set: { price: 500 } });
        });
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
      });

      it('$inc counts up within one transaction, by 0 changes nothing, and a committed copy stays as it was', async () => {
        const collection = uniqueName('days');
        const results: unknown[] = [];
        await write(async (tx) => {
          const days = tx.collection(collection);
          for (const sold of [1, 2, 0])
            results.push(
              await days.updateOne(
                { _id: '2026-11-23' },
                { $inc: { sold, paid: 1 }, $set: { day: '2026-11-23' } },
                { upsert: true },
              ),
            );
        });
        const before = await store.collection(collection).findOne({ _id: '2026-11-23' });
        await write(async (tx) => {
          results.push(
            await tx.collection(collection).updateOne({ _id: '2026-11-23' }, { $inc: { sold: 0 } }),
          );
          results.push(
            await tx.collection(collection).updateOne({ _id: '2026-11-23' }, { $inc: { sold: -1 } }),
          );
        });
        expect(results).toEqual([
          { matchedCount: 0, modifiedCount: 0, upsertedId: '2026-11-23' },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 1, modifiedCount: 0, upsertedId: null },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
        ]);
        expect(before).toEqual({ _id: '2026-11-23', sold: 3, paid: 3, day: '2026-11-23' });
        expect(await store.collection(collection).findOne({ _id: '2026-11-23' })).toEqual({
          _id: '2026-11-23',
          sold: 2,
          paid: 3,
          day: '2026-11-23',
        });
      });

      it('upsert inserts the filter equality fields plus the update', async () => {
        const collection = uniqueName('totals');
        let result: unknown;
        await write(async (tx) => {
          result = await tx
            .collection(collection)
            .updateOne(
              { _id: 'seller-1', kind: 'seller', 'period.year': 2025, total: { $exists: false } },
              { $inc: { total: 100 }, $setOnInsert: { createdAt: '2025-01-01' } },
              { upsert: true },
            );
        });
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'seller-1' });
        expect(await store.collection(collection).findOne({ _id: 'seller-1' })).toEqual({
          _id: 'seller-1',
          kind: 'seller',
          period: { year: 2025 },
          total: 100,
          createdAt: '2025-01-01',
        });
      });

      it('upsert updates an existing document without applying $setOnInsert', async () => {
        const collection = uniqueName('totals');
        const results: unknown[] = [];
        for (const amount of [100, 50]) {
          await write(async (tx) => {
            results.push(
              await tx
                .collection(collection)
                .updateOne(
                  { _id: 'seller-1' },
                  { $inc: { total: amount }, $setOnInsert: { first: amount } },
                  { upsert: true },
                ),
            );
          });
        }
        expect(results).toEqual([
          { matchedCount: 0, modifiedCount: 0, upsertedId: 'seller-1' },
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
        ]);
        expect(await store.collection(collection).findOne({ _id: 'seller-1' })).toEqual({
          _id: 'seller-1',
          total: 150,
          first: 100,
        });
      });

      it('upsert without an _id in the filter gives the new document a string _id', async () => {
        const collection = uniqueName('totals');
        let upsertedId: string | null = null;
        await write(async (tx) => {
          ({ upsertedId } = await tx
            .collection(collection)
            .updateOne({ sku: 'x' }, { $set: { n: 1 } }, { upsert: true }));
        });
        expect(typeof upsertedId).toBe('string');
        expect(await store.collection(collection).find({})).toEqual([{ _id: upsertedId, sku: 'x', n: 1 }]);
      });

      it('updateMany changes every matching document', async () => {
        const collection = await seeded();
        let result: unknown;
        await write(async (tx) => {
          result = await tx
            .collection(collection)
            .updateMany({ category: 'rent' }, { $inc: { price: 1 }, $set: { hot: true } });
        });
        expect(result).toEqual({ matchedCount: 2, modifiedCount: 2, upsertedId: null });
        expect(await findIds(collection, { hot: true, price: { $in: [501, 701] } })).toEqual(['p1', 'p4']);
        expect(await store.collection(collection).count({ hot: { $exists: true } })).toBe(2);
      });

      it('replaceOne replaces the whole document and upserts when asked', async () => {
        const collection = await seeded();
        const results: unknown[] = [];
        await write(async (tx) => {
          const items = tx.collection(collection);
          results.push(await items.replaceOne({ _id: 'p1' }, { _id: 'p1', title: 'Only title' }));
          results.push(await items.replaceOne({ _id: 'p9' }, { _id: 'p9', title: 'Nothing' }));
          results.push(await items.replaceOne({ _id: 'p8' }, { _id: 'p8', title: 'New' }, { upsert: true }));
        });
        expect(results).toEqual([
          { matchedCount: 1, modifiedCount: 1, upsertedId: null },
          { matchedCount: 0, modifiedCount: 0, upsertedId: null },
          { matchedCount: 0, modifiedCount: 0, upsertedId: 'p8' },
        ]);
        expect(await store.collection(collection).findOne({ _id: 'p1' })).toEqual({
          _id: 'p1',
          title: 'Only title',
        });
        expect(await store.collection(collection).findOne({ _id: 'p9' })).toBeNull();
        expect(await store.collection(collection).findOne({ _id: 'p8' })).toEqual({
          _id: 'p8',
          title: 'New',
        });
      });

      it('deleteOne and deleteMany report how many they deleted', async () => {
        const collection = await seeded();
        const counts: number[] = [];
        await write(async (tx) => {
          const items = tx.collection(collection);
          counts.push(await items.deleteOne({ category: 'work' }));
          counts.push(await items.deleteMany({ category: 'rent' }));
          counts.push(await items.deleteMany({ category: 'none' }));
          counts.push(await items.deleteOne({ _id: 'p1' }));
        });
        expect(counts).toEqual([1, 2, 0, 0]);
        expect(await store.collection(collection).count({})).toBe(2);
        expect(await store.collection(collection).count({ category: 'work' })).toBe(1);
      });
    });

    describe('transactions and checkpoints', () => {
      it('reads inside a transaction see its own writes; others see them only after commit', async () => {
        const collection = uniqueName('products');
        const projection = uniqueName('projection');
        const seen: unknown[] = [];
        await store.transaction(projection, async (tx) => {
          const items = tx.collection<Product>(collection);
          await items.insertOne(structuredClone(products[0]) as Product);
          await items.insertOne(structuredClone(products[1]) as Product);
          await items.updateOne({ _id: 'p1' }, { $set: { price: 1 } });
          await items.deleteOne({ _id: 'p2' });
          seen.push((await items.findOne({ _id: 'p1' }))?.price);
          seen.push(await items.count({}));
          seen.push(ids(await items.find({ price: { $lt: 10 } })));
          seen.push(await items.aggregate([{ $group: { _id: null, total: { $sum: '$price' } } }]));
          seen.push(await store.collection(collection).findOne({ _id: 'p1' }));
          tx.setCheckpoint(7n);
          seen.push(await store.getCheckpoint(projection));
        });
        expect(seen).toEqual([1, 1, ['p1'], [{ _id: null, total: 1 }], null, null]);
        expect(await store.collection(collection).count({})).toBe(1);
        expect(await store.getCheckpoint(projection)).toBe(7n);
      });

      it('a thrown error commits neither the writes nor the checkpoint, and is rethrown', async () => {
        const collection = await seeded();
        const projection = uniqueName('projection');
        await store.transaction(projection, async (tx) => {
          await tx.collection(collection).insertOne({ _id: 'kept' });
          tx.setCheckpoint(1n);
        });
        const failure = new Error('projection failed');
        await expect(
          store.transaction(projection, async (tx) => {
            await tx.collection(collection).updateOne({ _id: 'p1' }, { $set: { price: 1 } });
            await tx.collection(collection).deleteOne({ _id: 'kept' });
            await tx.collection(uniqueName('other')).insertOne({ _id: 'x' });
            tx.setCheckpoint(2n);
            throw failure;
          }),
        ).rejects.toThrow('projection failed');
        expect(await store.getCheckpoint(projection)).toBe(1n);
        expect(await store.collection(collection).findOne({ _id: 'p1' })).toEqual(products[0]);
        expect(await store.collection(collection).findOne({ _id: 'kept' })).toEqual({ _id: 'kept' });
      });

      it('a transaction cannot be used after it has finished', async () => {
        let leaked: WriteCollection | undefined;
        await store.transaction(uniqueName('projection'), async (tx) => {
          leaked = tx.collection(uniqueName('products'));
          await leaked.count({});
        });
        if (!leaked) throw new Error('no collection');
        await expect(leaked.insertOne({ _id: 'late' })).rejects.toThrow();
      });

      it('getCheckpoint is null before the first commit and a bigint after', async () => {
        const projection = uniqueName('projection');
        expect(await store.getCheckpoint(projection)).toBeNull();
        await store.transaction(projection, (tx) => {
          tx.setCheckpoint(0n);
          return Promise.resolve();
        });
        expect(await store.getCheckpoint(projection)).toBe(0n);
        await store.transaction(projection, (tx) => {
          tx.setCheckpoint(42n);
          return Promise.resolve();
        });
        expect(await store.getCheckpoint(projection)).toBe(42n);
      });

      it('checkpoints beyond 2^53 round-trip exactly', async () => {
        const projection = uniqueName('projection');
        for (const position of [2n ** 53n + 1n, 2n ** 64n + 7n]) {
          await store.transaction(projection, (tx) => {
            tx.setCheckpoint(position);
            return Promise.resolve();
          });
          expect(await store.getCheckpoint(projection)).toBe(position);
        }
      });

      it('reset drops its collections and checkpoint and leaves everything else', async () => {
        const [projection, other] = [uniqueName('projection'), uniqueName('projection')];
        const [first, second, unrelated] = [await seeded(), await seeded(), await seeded()];
        await store.transaction(projection, (tx) => {
          tx.setCheckpoint(10n);
          return Promise.resolve();
        });
        await store.transaction(other, (tx) => {
          tx.setCheckpoint(20n);
          return Promise.resolve();
        });
        await store.reset(projection, [first, second]);
        expect(await store.getCheckpoint(projection)).toBeNull();
        expect(await store.getCheckpoint(other)).toBe(20n);
        expect(await store.collection(first).count({})).toBe(0);
        expect(await store.collection(second).find({})).toEqual([]);
        expect(await store.collection(unrelated).count({})).toBe(5);
        await store.transaction(projection, async (tx) => {
          await tx.collection(first).insertOne({ _id: 'again' });
          tx.setCheckpoint(1n);
        });
        expect(await findIds(first, {})).toEqual(['again']);
        expect(await store.getCheckpoint(projection)).toBe(1n);
      });
    });

    describe('search queries (indexed fields, keyset paging, relevance, facet counts)', () => {
      interface Item extends ReadModel {
        kind: string;
        terms: string[];
        price: number;
        at: string;
      }
      const items: Item[] = [
        { _id: 'a', kind: 'lease', terms: ['et:leping', 'et:uuri'], price: 300, at: '2026-01-01' },
        { _id: 'b', kind: 'lease', terms: ['et:lepingu', 'en:leas'], price: 100, at: '2026-01-03' },
        { _id: 'c', kind: 'work', terms: ['et:tooleping'], price: 200, at: '2026-01-02' },
        { _id: 'd', kind: 'work', terms: ['en:employ', 'en:leas'], price: 100, at: '2026-01-04' },
        { _id: 'e', kind: 'loan', terms: [], price: 500, at: '2026-01-05' },
      ];
      let collection: string;

      beforeAll(async () => {
        collection = uniqueName('search');
        // Indexes first, then documents: the embedded store keeps its value maps up to date on every write.
        await store.ensureIndex(collection, { kind: 1, at: -1 });
        await store.ensureIndex(collection, { terms: 1 });
        await write(async (tx) => {
          for (const item of items) await tx.collection(collection).insertOne(structuredClone(item));
          await tx
            .collection(collection)
            .insertOne({ _id: 'gone', kind: 'lease', terms: ['et:leping'], price: 1, at: '2026-01-09' });
        });
        await write(async (tx) => {
          await tx.collection(collection).deleteOne({ _id: 'gone' });
          await tx.collection(collection).updateOne({ _id: 'e' }, { $set: { terms: ['et:laen'] } });
        });
      });

      it('finds by indexed equality, array membership, $in, anchored prefix and $or, after updates and deletes', async () => {
        expect(await findIds(collection, { kind: 'lease' })).toEqual(['a', 'b']);
        expect(await findIds(collection, { terms: 'en:leas' })).toEqual(['b', 'd']);
        expect(await findIds(collection, { kind: { $in: ['work', 'loan'] } })).toEqual(['c', 'd', 'e']);
        expect(await findIds(collection, { terms: { $regex: '^et:leping' } })).toEqual(['a', 'b']);
        expect(await findIds(collection, { terms: { $regex: '^et:laen' } })).toEqual(['e']);
        expect(
          await findIds(collection, {
            $and: [
              { $or: [{ terms: { $regex: '^et:lep' } }, { terms: { $regex: '^en:leas' } }] },
              { kind: 'work' },
            ],
          }),
        ).toEqual(['d']);
        expect(await findIds(collection, { kind: 'lease', price: { $lt: 200 } })).toEqual(['b']);
        expect(await store.collection(collection).count({ terms: { $regex: '^et:' } })).toBe(4);
        expect(await store.collection(collection).count({ kind: 'none' })).toBe(0);
      });

      it('treats regular-expression characters in an anchored literal as text', async () => {
        expect(await findIds(collection, { terms: { $regex: '^et\\.leping' } })).toEqual([]);
        expect(await findIds(collection, { terms: { $regex: '^et:lep.ng' } })).toEqual(['a', 'b']);
      });

      it('pages by keyset: after the last document of a page, in sort order', async () => {
        const sort = { price: 1, at: -1, _id: 1 } as const;
        const first = await store.collection<Item>(collection).find({}, { sort, limit: 2 });
        expect(ids(first)).toEqual(['d', 'b']);
        const last = first[1]!;
        const second = await store
          .collection<Item>(collection)
          .find({}, { sort, limit: 2, after: { price: last.price, at: last.at, _id: last._id } });
        expect(ids(second)).toEqual(['c', 'a']);
      });

      it('scores by weighted clauses, sorts and pages on the score, and returns only the fields asked for', async () => {
        const score = {
          as: 'score',
          clauses: [
            { filter: { terms: { $regex: '^et:lep' } }, weight: 10 },
            { filter: { terms: 'en:leas' }, weight: 1 },
            { filter: { kind: { $in: ['work'] } }, weight: 100 },
          ],
        };
        const sort = { score: -1, at: -1, _id: 1 } as const;
        const found = await store
          .collection(collection)
          .find({ price: { $lt: 400 } }, { score, sort, limit: 3, fields: ['kind'] });
        expect(found).toEqual([
          { _id: 'd', kind: 'work', score: 101 },
          { _id: 'c', kind: 'work', score: 100 },
          { _id: 'b', kind: 'lease', score: 11 },
        ]);
        const next = await store
          .collection(collection)
          .find(
            { price: { $lt: 400 } },
            { score, sort, limit: 3, after: { score: 11, at: '2026-01-03', _id: 'b' } },
          );
        expect(ids(next)).toEqual(['a']);
      });

      it('counts documents per value of each field, array values once per document', async () => {
        expect(
          await store.collection(collection).countBy({ price: { $lt: 400 } }, ['kind', 'terms']),
        ).toEqual({
          kind: { lease: 2, work: 2 },
          terms: {
            'et:leping': 1,
            'et:uuri': 1,
            'et:lepingu': 1,
            'en:leas': 2,
            'et:tooleping': 1,
            'en:employ': 1,
          },
        });
        expect(await store.collection(collection).countBy({ kind: 'none' }, ['kind'])).toEqual({ kind: {} });
        expect(await store.collection(collection).countBy({ kind: 'lease' }, ['terms', 'price'])).toEqual({
          terms: { 'et:leping': 1, 'et:uuri': 1, 'et:lepingu': 1, 'en:leas': 1 },
          price: { '300': 1, '100': 1 },
        });
      });
    });

    describe('search queries at size: the same answers with and without indexes', () => {
      // Enough documents that an adapter answering from sorted index orders walks them (the embedded
      // store sorts small candidate sets instead); a second collection without indexes is the reference.
      interface Listing extends ReadModel {
        status: string;
        kind: string;
        price: number;
        at: string;
        terms: string[];
        tags: string[];
      }
      const VOCABULARY = ['et:leping', 'et:lepingu', 'et:uur', 'en:leas', 'en:lease', 'en:employ', 'xx:nda'];
      const KINDS = ['lease', 'work', 'loan', 'sale'];
      let indexed: string;
      let plain: string;

      function lcg(seed: number): () => number {
        let state = seed;
        return () => {
          state = (state * 1103515245 + 12345) % 2 ** 31;
          return state / 2 ** 31;
        };
      }

      function listing(i: number, next: () => number): Listing {
        const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
        const terms = VOCABULARY.filter(() => next() < 0.3);
        return {
          _id: `l${String(i).padStart(4, '0')}`,
          status: next() < 0.85 ? 'published' : 'draft',
          kind: pick(KINDS),
          price: 100 * Math.floor(next() * 12),
          // Few distinct days, so sorts meet ties and the later keys decide.
          at: `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 10)}`,
          // Now and then an element twice: counted and found once.
          terms: next() < 0.2 ? [...terms, ...terms.slice(0, 1)] : terms,
          tags: VOCABULARY.filter(() => next() < 0.15),
        };
      }

      beforeAll(async () => {
        indexed = uniqueName('listings');
        plain = uniqueName('listings_plain');
        await store.ensureIndex(indexed, { status: 1, at: -1, _id: 1 });
        await store.ensureIndex(indexed, { status: 1, price: -1, at: -1, _id: 1 });
        await store.ensureIndex(indexed, { kind: 1, at: -1 });
        await store.ensureIndex(indexed, { terms: 1 });
        await store.ensureIndex(indexed, { tags: 1 });
        const next = lcg(7);
        const docs = Array.from({ length: 1200 }, (_, i) => listing(i, next));
        for (const name of [indexed, plain]) {
          await write(async (tx) => {
            for (const doc of docs) await tx.collection(name).insertOne(structuredClone(doc));
          });
        }
        // Changes after the first commit: new sort keys, statuses and terms; deletions; a re-insert.
        const change = lcg(11);
        const edits = docs.slice(0, 400).map((doc, i) => ({ id: doc._id, i, roll: change() }));
        for (const name of [indexed, plain]) {
          await write(async (tx) => {
            const collection = tx.collection<Listing>(name);
            for (const { id, i, roll } of edits) {
              if (roll < 0.25) await collection.deleteOne({ _id: id });
              else if (roll < 0.5)
                await collection.updateOne({ _id: id }, { $set: { price: 100 * (i % 7) } });
              else if (roll < 0.7) await collection.updateOne({ _id: id }, { $set: { status: 'draft' } });
              else if (roll < 0.9)
                await collection.updateOne(
                  { _id: id },
                  { $set: { terms: ['en:leas', 'et:uur', 'en:leas'], at: '2026-09-30' } },
                );
            }
            await collection.deleteOne({ _id: 'l1000' });
            await collection.insertOne({ ...docs[1000]!, at: '2026-01-01' });
          });
        }
      });

      const FILTERS: Record<string, unknown>[] = [
        { status: 'published' },
        { status: 'published', kind: 'work' },
        { status: 'published', terms: { $regex: '^et:lep' } },
        {
          status: 'published',
          $and: [{ $or: [{ terms: { $regex: '^et:lep' } }, { terms: { $regex: '^en:leas' } }] }],
        },
        { status: 'published', tags: { $in: ['xx:nda', 'en:employ'] }, price: { $gte: 500 } },
        { kind: { $in: ['lease', 'loan'] } },
      ];
      const SORTS = [
        { at: -1, _id: 1 },
        { at: 1, _id: -1 },
        { price: -1, at: -1, _id: 1 },
        { price: 1, at: 1, _id: -1 },
        { price: 1, at: -1, _id: 1 },
      ] as const;

      async function expectSamePages(): Promise<void> {
        for (const filter of FILTERS) {
          for (const sort of SORTS) {
            const options = { sort, limit: 25 };
            const expected = await store.collection(plain).find(filter, options);
            expect(ids(await store.collection(indexed).find(filter, options))).toEqual(ids(expected));
            const last = expected.at(-1);
            if (!last) continue;
            const after = Object.fromEntries(Object.keys(sort).map((key) => [key, last[key]]));
            const next = { ...options, after, skip: 3 };
            expect(ids(await store.collection(indexed).find(filter, next))).toEqual(
              ids(await store.collection(plain).find(filter, next)),
            );
          }
          expect(await store.collection(indexed).count(filter)).toBe(
            await store.collection(plain).count(filter),
          );
          expect(await store.collection(indexed).countBy(filter, ['kind', 'terms', 'price'])).toEqual(
            await store.collection(plain).countBy(filter, ['kind', 'terms', 'price']),
          );
        }
      }

      it('finds the same pages, in the same order, and pages on by keyset, also after more changes', async () => {
        await expectSamePages();
        // Changes after the indexes answered queries: sort keys move documents within the orders.
        for (const name of [indexed, plain]) {
          await write(async (tx) => {
            const collection = tx.collection<Listing>(name);
            await collection.updateOne({ _id: 'l0600' }, { $set: { price: 1100, at: '2026-09-99' } });
            await collection.updateOne({ _id: 'l0601' }, { $set: { price: 0, at: '2026-00-00' } });
            await collection.updateOne({ _id: 'l0602' }, { $set: { status: 'published', kind: 'work' } });
            await collection.deleteOne({ _id: 'l0603' });
            await collection.insertOne(listing(5000, lcg(3)));
          });
        }
        await expectSamePages();
      });

      it('pages by _id alone, either way and on by keyset, as a sort of every matching document does', async () => {
        for (const filter of [{}, ...FILTERS]) {
          const all = ids(await store.collection(indexed).find(filter));
          for (const direction of [1, -1] as const) {
            const expected = [...all].sort((a, b) => (a < b ? -direction : a > b ? direction : 0));
            const sort = { _id: direction };
            const first = ids(await store.collection(indexed).find(filter, { sort, limit: 25 }));
            expect(first).toEqual(expected.slice(0, 25));
            if (first.length === 0) continue;
            const next = await store
              .collection(indexed)
              .find(filter, { sort, limit: 40, after: { _id: first.at(-1) } });
            expect(ids(next)).toEqual(expected.slice(25, 65));
          }
        }
      });

      it('scores, sorts by score and pages on by keyset the same way', async () => {
        const score = {
          as: 'score',
          clauses: [
            { filter: { terms: { $regex: '^et:lep' } }, weight: 100 },
            { filter: { tags: { $regex: '^en:leas' } }, weight: 10 },
            { filter: { tags: 'xx:nda' }, weight: 10 },
            { filter: { terms: 'en:lease' }, weight: 1 },
          ],
        };
        const sort = { score: -1, at: -1, _id: 1 } as const;
        for (const filter of FILTERS) {
          const options = { sort, score, limit: 30, fields: ['kind'] };
          const expected = await store.collection(plain).find(filter, options);
          expect(await store.collection(indexed).find(filter, options)).toEqual(expected);
          const last = expected.at(-1);
          if (!last) continue;
          // `at` was not among the fields: the page's last document is read again for its sort keys.
          const full = await store.collection(plain).findOne({ _id: last._id });
          const next = { ...options, after: { score: last['score'], at: full?.['at'], _id: last._id } };
          expect(await store.collection(indexed).find(filter, next)).toEqual(
            await store.collection(plain).find(filter, next),
          );
        }
      });
    });

    describe('indexes of high cardinality: the same answers as without indexes', () => {
      // Fields of a value of their own per document (a position, a number, a time) declared of high
      // cardinality; a second collection without indexes is the reference. Sorts, ranges, `$in`, anchored
      // prefixes, a reset and reload (a rebuild), and a restart with queries right after it.
      interface Entry extends ReadModel {
        position: string;
        number: string;
        at: string;
        amount: number;
        kind: string;
        note?: string | null;
      }
      const KINDS = ['sale', 'refund', 'payout'];
      let projection: string;
      let indexed: string;
      let plain: string;

      function entry(i: number, version: number): Entry {
        return {
          _id: `e${String((i * 7919) % 1500).padStart(4, '0')}`,
          position: String(10_000_000 + i * 17).padStart(12, '0'),
          number: `A-${String(100_000 + ((i * 37) % 1500)).padStart(7, '0')}`,
          // Ties now and then: the sort's later keys decide.
          at: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 13) % 28)).padStart(2, '0')}T1${i % 3}:00:00.000Z`,
          amount: ((i * 53) % 400) - 100 + version,
          kind: KINDS[i % KINDS.length]!,
          ...(i % 50 === 0 ? { note: null } : {}),
        };
      }

      async function load(version: number): Promise<void> {
        const docs = Array.from({ length: 1500 }, (_, i) => entry(i, version));
        for (const name of [indexed, plain])
          for (let start = 0; start < docs.length; start += 500)
            await store.transaction(projection, async (tx) => {
              for (const doc of docs.slice(start, start + 500)) await tx.collection(name).insertOne(doc);
            });
      }

      async function declare(): Promise<void> {
        await store.ensureIndex(indexed, { position: 1 }, { highCardinality: true });
        await store.ensureIndex(indexed, { number: 1 }, { unique: true, highCardinality: true });
        await store.ensureIndex(indexed, { at: -1 }, { highCardinality: true });
        await store.ensureIndex(indexed, { kind: 1, at: -1 });
      }

      beforeAll(async () => {
        projection = uniqueName('entries');
        indexed = uniqueName('entries');
        plain = uniqueName('entries_plain');
        await declare();
        await load(1);
      });

      const FILTERS: Record<string, unknown>[] = [
        {},
        { position: '000010000017' },
        { position: { $in: ['000010000017', '000010001700', 'none'] } },
        { position: { $gte: '000010001000', $lt: '000010003000' } },
        { position: { $gt: '000010020000' } },
        { number: 'A-0100042' },
        { number: { $eq: 'A-0100999' } },
        { number: { $regex: '^A-01001' } },
        { number: { $in: ['A-0100001', 'A-0101499'] } },
        { at: { $lte: '2026-03-01' } },
        { at: { $gte: '2026-06-01', $lt: '2026-08-15' }, kind: 'sale' },
        { at: { $gte: 5 } },
        { $or: [{ number: 'A-0100007' }, { position: { $lte: '000010000100' } }] },
        { kind: 'refund', at: { $gt: '2026-10' } },
        { note: null },
      ];
      const SORTS = [
        { position: 1 },
        { position: -1 },
        { at: -1, _id: 1 },
        { at: 1, _id: -1 },
        { number: 1 },
        { kind: 1, at: -1, _id: 1 },
      ] as const;

      async function expectSameAnswers(on: ReadStore, sorts: readonly Sort[] = SORTS): Promise<void> {
        for (const filter of FILTERS) {
          for (const sort of sorts) {
            const options = { sort, limit: 20 };
            const expected = await on.collection(plain).find(filter, options);
            expect(await on.collection(indexed).find(filter, options)).toEqual(expected);
            const last = expected.at(-1);
            if (!last) continue;
            const after = Object.fromEntries(Object.keys(sort).map((key) => [key, last[key]]));
            const next = { ...options, after, skip: 2 };
            expect(ids(await on.collection(indexed).find(filter, next))).toEqual(
              ids(await on.collection(plain).find(filter, next)),
            );
          }
          expect(await on.collection(indexed).count(filter)).toBe(await on.collection(plain).count(filter));
        }
      }

      it('finds, sorts, pages and counts as a collection without indexes does', async () => {
        await expectSameAnswers(store);
        expect(await store.collection(indexed).count({ number: { $regex: '^A-01001' } })).toBe(100);
      });

      it('a unique index of high cardinality rejects a duplicate and the transaction commits nothing', async () => {
        await expect(
          store.transaction(projection, async (tx) => {
            await tx.collection(indexed).insertOne({ ...entry(0, 1), _id: 'new', position: 'x' });
          }),
        ).rejects.toThrow(/duplicate key/i);
        expect(await store.collection(indexed).count({ _id: 'new' })).toBe(0);
      });

      it('answers the same after a rebuild (reset, indexes named again, reload) and after updates', async () => {
        await store.reset(projection, [indexed, plain]);
        await declare();
        expect(await store.collection(indexed).find({ number: 'A-0100042' })).toEqual([]);
        await load(2);
        await expectSameAnswers(store);
        for (const name of [indexed, plain])
          await store.transaction(projection, async (tx) => {
            const entries = tx.collection<Entry>(name);
            await entries.updateOne(
              { number: 'A-0100042' },
              { $set: { position: '000000000001', at: '2027' } },
            );
            await entries.deleteOne({ number: 'A-0100043' });
            await entries.updateMany({ kind: 'payout' }, { $set: { at: '2026-06-06' } });
          });
        await expectSameAnswers(store);
      });

      (reopen ? it : it.skip)('answers the same right after a restart', async () => {
        store = await reopen!(store);
        await expectSameAnswers(store);
      });

      it('answers the same once a document holds an array in such a field', async () => {
        for (const name of [indexed, plain])
          await store.transaction(projection, async (tx) => {
            await tx
              .collection(name)
              .insertOne({ _id: 'arr', position: ['000010000017', '000099999999'], at: [], kind: 'sale' });
          });
        // By `_id` only: how a sort orders a document by an array differs between stores.
        await expectSameAnswers(store, [{ _id: 1 }]);
        expect(ids(await store.collection(indexed).find({ position: '000099999999' }))).toEqual(['arr']);
      });
    });

    describe('a large collection', () => {
      // Enough documents for several chunks of postings and for walks that give up on SQLite's order
      // (the embedded store), with prices that go with the kind, so some selections sit late in an order.
      interface Offer extends ReadModel {
        status: string;
        kind: string;
        price: number;
        at: string;
        tags: string[];
        version: number;
      }
      const SIZE = 24_000;
      const KINDS = ['lease', 'work', 'loan', 'sale', 'gift'];
      let collection: string;
      let offers: Offer[];

      function offer(i: number, version: number): Offer {
        const kind = KINDS[(i * 7) % KINDS.length]!;
        return {
          _id: `o${String(i).padStart(6, '0')}`,
          status: i % 9 === 0 ? 'draft' : 'published',
          kind,
          // Each kind has prices of its own range: a kind's offers sit together in a price order.
          price: KINDS.indexOf(kind) * 1000 + ((i * 31) % 997),
          at: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 13) % 28)).padStart(2, '0')}`,
          tags: [`t${i % 50}`, `t${(i * 3) % 50}`, ...(i % 4 === 0 ? ['hot'] : [])],
          version,
        };
      }

      function expected(
        filter: (o: Offer) => boolean,
        sort: readonly [keyof Offer, 1 | -1][],
        limit: number,
      ) {
        return offers
          .filter(filter)
          .sort((a, b) => {
            for (const [field, direction] of sort) {
              const x = a[field] as string | number;
              const y = b[field] as string | number;
              if (x !== y) return (x < y ? -1 : 1) * direction;
            }
            return 0;
          })
          .slice(0, limit)
          .map((o) => o._id);
      }

      beforeAll(async () => {
        collection = uniqueName('offers');
        await store.ensureIndex(collection, { status: 1, price: -1, at: -1, _id: 1 });
        await store.ensureIndex(collection, { status: 1, at: -1, _id: 1 });
        await store.ensureIndex(collection, { kind: 1, at: -1 });
        await store.ensureIndex(collection, { tags: 1 });
        offers = Array.from({ length: SIZE }, (_, i) => offer(i, 1));
        for (let start = 0; start < SIZE; start += 6_000) {
          await write(async (tx) => {
            for (const doc of offers.slice(start, start + 6_000))
              await tx.collection(collection).insertOne(structuredClone(doc));
          });
        }
      }, 120_000);

      it('finds, sorts, pages by keyset and counts as a plain sort of every document would', async () => {
        const items = store.collection<Offer>(collection);
        const published = (o: Offer) => o.status === 'published';
        const priceOrder: [keyof Offer, 1 | -1][] = [
          ['price', -1],
          ['at', -1],
          ['_id', 1],
        ];
        const sort = { price: -1, at: -1, _id: 1 } as const;
        expect(ids(await items.find({ status: 'published' }, { sort, limit: 25 }))).toEqual(
          expected(published, priceOrder, 25),
        );
        // The cheapest kind's offers come last in price order.
        const cheap = (o: Offer) => published(o) && o.kind === 'lease';
        const page = await items.find({ status: 'published', kind: 'lease' }, { sort, limit: 25 });
        expect(ids(page)).toEqual(expected(cheap, priceOrder, 25));
        const last = page.at(-1)!;
        const next = await items.find(
          { status: 'published', kind: 'lease' },
          { sort, limit: 25, after: { price: last.price, at: last.at, _id: last._id } },
        );
        expect(ids(next)).toEqual(expected(cheap, priceOrder, 50).slice(25));
        const hot = (o: Offer) => published(o) && o.tags.includes('hot');
        expect(
          ids(
            await items.find({ status: 'published', tags: 'hot' }, { sort: { at: -1, _id: 1 }, limit: 30 }),
          ),
        ).toEqual(
          expected(
            hot,
            [
              ['at', -1],
              ['_id', 1],
            ],
            30,
          ),
        );
        expect(await items.count({ status: 'published', kind: 'lease' })).toBe(offers.filter(cheap).length);
        expect(await items.count({})).toBe(SIZE);
        const byKind = await items.countBy({ status: 'published', tags: 'hot' }, ['kind']);
        for (const kind of KINDS)
          expect(byKind['kind']![kind] ?? 0).toBe(offers.filter((o) => hot(o) && o.kind === kind).length);
      });

      it('a rebuild while others read: every read answers, from one whole state, and the end state is the new one', async () => {
        const projection = uniqueName('projection');
        const reader = store.collection<Offer>(collection);
        let writing = true;
        const failures: unknown[] = [];
        const reads = (async () => {
          let rounds = 0;
          while (writing || rounds < 3) {
            rounds++;
            try {
              const page = await reader.find(
                { status: 'published' },
                { sort: { at: -1, _id: 1 }, limit: 40 },
              );
              // One state at a time: a page is sorted, and all of one version (a rebuild writes version 2).
              for (let i = 1; i < page.length; i++) {
                const [a, b] = [page[i - 1]!, page[i]!];
                if (a.at < b.at || (a.at === b.at && a._id > b._id))
                  failures.push(`unsorted ${a._id} ${b._id}`);
              }
              if (new Set(page.map((doc) => doc.version)).size > 1) failures.push('a page of two versions');
              const one = await reader.findOne({ _id: 'o000001' });
              if (one && JSON.stringify(one) !== JSON.stringify(offer(1, one.version)))
                failures.push(`torn ${JSON.stringify(one)}`);
              const count = await reader.count({ kind: 'work' });
              if (count < 0 || count > SIZE) failures.push(`count ${count}`);
            } catch (error) {
              failures.push(error);
            }
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        // As a rebuild runs: between its steps (reading the next events) the readers get their turns.
        const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
        await pause();
        const counted = await reader.count({ kind: 'work' });
        await store.reset(projection, [collection]);
        // What was read before the reset is gone at once, whatever the store kept of it.
        expect(counted).toBeGreaterThan(0);
        expect(await reader.count({ kind: 'work' })).toBe(0);
        expect(await reader.find({ status: 'published' }, { sort: { at: -1, _id: 1 }, limit: 5 })).toEqual(
          [],
        );
        await pause();
        offers = Array.from({ length: SIZE }, (_, i) => offer(i, 2));
        for (let start = 0; start < SIZE; start += 4_000) {
          await store.transaction(projection, async (tx) => {
            for (const doc of offers.slice(start, start + 4_000))
              await tx.collection(collection).insertOne(structuredClone(doc));
            tx.setCheckpoint(BigInt(start + 4_000));
          });
          await pause();
        }
        writing = false;
        await reads;
        expect(failures).toEqual([]);
        expect(await store.getCheckpoint(projection)).toBe(BigInt(SIZE));
        expect(await reader.count({ version: 2 })).toBe(SIZE);
        expect(await reader.findOne({ _id: 'o000001' })).toEqual(offer(1, 2));
      }, 120_000);

      (reopen ? it : it.skip)(
        'after a restart, the first queries answer as before it',
        async () => {
          const sort = { price: -1, at: -1, _id: 1 } as const;
          const before = {
            page: ids(
              await store
                .collection(collection)
                .find({ status: 'published', kind: 'loan' }, { sort, limit: 20 }),
            ),
            count: await store.collection(collection).count({ tags: 'hot' }),
            facets: await store.collection(collection).countBy({ status: 'published' }, ['kind']),
            one: await store.collection(collection).findOne({ _id: 'o000042' }),
          };
          store = await reopen!(store);
          expect({
            page: ids(
              await store
                .collection(collection)
                .find({ status: 'published', kind: 'loan' }, { sort, limit: 20 }),
            ),
            count: await store.collection(collection).count({ tags: 'hot' }),
            facets: await store.collection(collection).countBy({ status: 'published' }, ['kind']),
            one: await store.collection(collection).findOne({ _id: 'o000042' }),
          }).toEqual(before);
          // And it writes on: a unique key and the indexes are as they were.
          await write(async (tx) => {
            await tx
              .collection(collection)
              .updateOne({ _id: 'o000042' }, { $set: { kind: 'loan', price: 999_999 } });
          });
          expect(ids(await store.collection(collection).find({ kind: 'loan' }, { sort, limit: 1 }))).toEqual([
            'o000042',
          ]);
        },
        120_000,
      );
    });

    describe('indexes', () => {
      it('an indexed array that holds a value twice is found and counted once, and no longer once it drops it', async () => {
        const collection = uniqueName('repeats');
        await store.ensureIndex(collection, { tags: 1 });
        await write(async (tx) => {
          await tx.collection(collection).insertOne({ _id: 'a', tags: ['x', 'y', 'x', 'x'] });
          await tx.collection(collection).insertOne({ _id: 'b', tags: ['y', 'y', 3, 3] });
        });
        expect(await findIds(collection, { tags: 'x' })).toEqual(['a']);
        expect(await store.collection(collection).count({ tags: 'y' })).toBe(2);
        expect(await store.collection(collection).countBy({}, ['tags'])).toEqual({
          tags: { x: 1, y: 2, '3': 1 },
        });
        await write(async (tx) => {
          await tx.collection(collection).updateOne({ _id: 'a' }, { $set: { tags: ['y', 'z', 'z'] } });
          await tx.collection(collection).updateOne({ _id: 'b' }, { $set: { tags: [3] } });
        });
        expect(await findIds(collection, { tags: 'x' })).toEqual([]);
        expect(await findIds(collection, { tags: 'z' })).toEqual(['a']);
        expect(await findIds(collection, { tags: { $in: ['y', 3] } })).toEqual(['a', 'b']);
        expect(await store.collection(collection).countBy({}, ['tags'])).toEqual({
          tags: { y: 1, z: 1, '3': 1 },
        });
      });

      it('a unique index rejects a duplicate and the transaction commits nothing', async () => {
        const collection = await seeded();
        await store.ensureIndex(collection, { title: 1 }, { unique: true });
        await store.ensureIndex(collection, { title: 1 }, { unique: true });
        await expect(
          write(async (tx) => {
            await tx.collection(collection).insertOne({ _id: 'n1', title: 'New' });
            await tx.collection(collection).insertOne({ _id: 'n2', title: 'Sales contract' });
          }),
        ).rejects.toThrow(/duplicate key/i);
        await expect(
          write(async (tx) => {
            await tx.collection(collection).updateOne({ _id: 'p1' }, { $set: { title: 'Rental contract' } });
          }),
        ).rejects.toThrow(/duplicate key/i);
        expect(await store.collection(collection).count({ _id: 'n1' })).toBe(0);
        expect(await store.collection(collection).findOne({ _id: 'p1' })).toEqual(products[0]);
      });

      it('a unique index allows a key that another document gave up in the same transaction', async () => {
        const collection = await seeded();
        await store.ensureIndex(collection, { 'seller.city': 1, price: 1 }, { unique: true });
        await write(async (tx) => {
          const items = tx.collection(collection);
          await items.updateOne({ _id: 'p1' }, { $set: { price: 501 } });
          await items.insertOne({ _id: 'n1', seller: { city: 'Tartu' }, price: 500 });
          await items.deleteOne({ _id: 'p3' });
          await items.insertOne({ _id: 'n2', seller: { city: 'Tartu' }, price: 900 });
        });
        expect(await findIds(collection, { 'seller.city': 'Tartu' })).toEqual(['n1', 'n2', 'p1']);
        await expect(
          write(async (tx) => {
            await tx.collection(collection).insertOne({ _id: 'n3', seller: { city: 'Tartu' }, price: 501 });
          }),
        ).rejects.toThrow(/duplicate key/i);
      });

      it('a unique index cannot be created over duplicates; a plain one can', async () => {
        const collection = await seeded();
        await expect(store.ensureIndex(collection, { category: 1 }, { unique: true })).rejects.toThrow(
          /duplicate key/i,
        );
        await store.ensureIndex(collection, { category: 1, price: -1 });
        await write(async (tx) => {
          await tx.collection(collection).insertOne({ _id: 'n1', category: 'rent', price: 500 });
        });
        expect(await store.collection(collection).count({ category: 'rent' })).toBe(3);
      });

      it('answers sorted pages while a reset collection is loaded again, and the same once its indexes are named again', async () => {
        const projection = uniqueName('projection');
        const collection = uniqueName('rebuilt');
        const keys = { status: 1, at: -1, _id: 1 } as const;
        await store.ensureIndex(collection, keys);
        const docs = (version: number) =>
          Array.from({ length: 500 }, (_, i) => ({
            _id: `d${String(i).padStart(3, '0')}`,
            status: i % 4 === 0 ? 'draft' : 'published',
            at: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i * 7) % 28).padStart(2, '0')}`,
            version,
          }));
        const load = async (version: number) => {
          for (let start = 0; start < 500; start += 100)
            await store.transaction(projection, async (tx) => {
              for (const doc of docs(version).slice(start, start + 100))
                await tx.collection(collection).insertOne(doc);
            });
        };
        const expected = docs(2)
          .filter((doc) => doc.status === 'published')
          .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a._id < b._id ? -1 : 1))
          .map((doc) => doc._id);
        const pages = async () => {
          const first = await store
            .collection(collection)
            .find({ status: 'published' }, { sort: keys, limit: 30 });
          const last = first.at(-1)!;
          const next = await store
            .collection(collection)
            .find(
              { status: 'published' },
              { sort: keys, limit: 30, after: { status: 'published', at: last.at, _id: last._id } },
            );
          return [...ids(first), ...ids(next)];
        };
        await load(1);
        await store.reset(projection, [collection]);
        await load(2);
        expect(await pages()).toEqual(expected.slice(0, 60));
        await store.ensureIndex(collection, keys);
        expect(await pages()).toEqual(expected.slice(0, 60));
        expect(await store.collection(collection).count({ status: 'published', version: 2 })).toBe(
          expected.length,
        );
      });

      it('reset keeps the indexes of the collections it empties', async () => {
        const projection = uniqueName('projection');
        const collection = await seeded();
        await store.ensureIndex(collection, { title: 1 }, { unique: true });
        await store.reset(projection, [collection]);
        await expect(
          store.transaction(projection, async (tx) => {
            await tx.collection(collection).insertOne({ _id: 'a', title: 'Same' });
            await tx.collection(collection).insertOne({ _id: 'b', title: 'Same' });
          }),
        ).rejects.toThrow(/duplicate key/i);
        expect(await store.collection(collection).count({})).toBe(0);
      });
    });
  });
}
