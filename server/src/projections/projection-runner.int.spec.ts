import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../events/domain-event';
import type { EventStore, NewEvent } from '../infrastructure/event-store/event-store.port';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import {
  EmbeddedReadStore,
  type EmbeddedReadStoreOptions,
} from '../infrastructure/read-store/embedded-read-store';
import type {
  ProjectionTransaction,
  ReadModel,
  ReadStore,
} from '../infrastructure/read-store/read-store.port';
import { openSqliteDatabase, type SqliteDatabase } from '../infrastructure/sqlite/sqlite-database';
import type { Projection } from './projection';
import { CHECKPOINT_LAG_MS, ProjectionRunner } from './projection-runner';

interface Seen extends ReadModel {
  count: number;
  revisions: number[];
}

/** Records every (stream, revision) it applies; a double application or a gap shows in `revisions`. */
class RecordingProjection implements Projection {
  readonly collections: string[];
  calls = 0;
  onApply: (event: StoredEvent, call: number) => void = () => undefined;

  constructor(readonly name = 'recording') {
    this.collections = [`${name}_seen`];
  }

  handles(): boolean {
    return true;
  }

  async apply(tx: ProjectionTransaction, event: StoredEvent): Promise<void> {
    this.calls += 1;
    this.onApply(event, this.calls);
    await tx
      .collection<Seen>(this.collections[0]!)
      .updateOne(
        { _id: event.streamId },
        { $inc: { count: 1 }, $push: { revisions: event.revision } },
        { upsert: true },
      );
  }
}

/** The same, through the batched path: the runner hands over whole batches (in log order). */
class BatchRecordingProjection extends RecordingProjection {
  batches: number[] = [];

  async applyBatch(tx: ProjectionTransaction, events: readonly StoredEvent[]): Promise<void> {
    this.batches.push(events.length);
    for (const event of events) await this.apply(tx, event);
  }
}

const STREAMS = 8;
const PER_STREAM = 40;

async function appendRound(store: EventStore, round: number): Promise<void> {
  for (let s = 0; s < STREAMS; s++) {
    const event: NewEvent = {
      id: `00000000-0000-4000-8000-${String(round * 1000 + s).padStart(12, '0')}`,
      type: 'Counted',
      schemaVersion: 1,
      data: { round },
      metadata: { occurredAt: new Date(0).toISOString() },
    };
    await store.append(`counter-${s}`, [event], round === 0 ? 'no_stream' : round - 1);
  }
}

async function expectEachEventAppliedOnce(readStore: ReadStore, name = 'recording'): Promise<void> {
  const seen = await readStore.collection<Seen>(`${name}_seen`).find({}, { sort: { _id: 1 } });
  expect(seen).toHaveLength(STREAMS);
  for (const stream of seen) {
    expect(stream.revisions).toEqual(Array.from({ length: PER_STREAM }, (_, i) => i));
    expect(stream.count).toBe(PER_STREAM);
  }
}

describe.each([
  ['committed on this thread', {}],
  // A rebuild's path (embedded-read-store.ts) for every commit, live ones included.
  ['committed on the writer thread', { backgroundWritesFrom: 1 }],
])('ProjectionRunner on SQLite, %s', (_name, options: EmbeddedReadStoreOptions) => {
  let dir: string;
  let db: SqliteDatabase;
  let eventStore: SqliteEventStore;
  let readStore: EmbeddedReadStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lepinguturg-runner-'));
    db = openSqliteDatabase(join(dir, 'test.sqlite'));
    eventStore = new SqliteEventStore(db, { pollIntervalMs: 20 });
    readStore = new EmbeddedReadStore(db, options);
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['one by one', () => new RecordingProjection()],
    ['in batches', () => new BatchRecordingProjection()],
  ])(
    'stopped in the middle of a stream and started again, applies every event exactly once (%s)',
    async (_, make) => {
      const projection = make();
      for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
      const first = new ProjectionRunner(eventStore, readStore, [projection], { batchSize: 16 });
      const stop: { done: Promise<void> | null } = { done: null };
      // Stop from inside a batch, half-way through stream counter-3.
      const stopRequested = new Promise<void>((resolve) => {
        projection.onApply = (event) => {
          if (event.streamId === 'counter-3' && event.revision === PER_STREAM / 2 && stop.done === null) {
            stop.done = first.stop();
            resolve();
          }
        };
      });
      await first.start();
      await stopRequested;
      await stop.done;
      const checkpoint = await readStore.getCheckpoint('recording');
      const head = await eventStore.headPosition();
      expect(checkpoint).not.toBeNull();
      expect(checkpoint! < head!).toBe(true);

      projection.onApply = () => undefined;
      const second = new ProjectionRunner(eventStore, readStore, [projection], { batchSize: 16 });
      await second.start();
      expect(await second.waitFor(head, ['recording'], 10_000)).toBe(true);
      await second.stop();
      await expectEachEventAppliedOnce(readStore);
      if (projection instanceof BatchRecordingProjection)
        expect(Math.max(...projection.batches)).toBeGreaterThan(1);
    },
  );

  it('rebuilds a batched projection with every event exactly once', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const projection = new BatchRecordingProjection();
    const runner = new ProjectionRunner(eventStore, readStore, [projection], {
      batchSize: 16,
      rebuildBatchSize: 50,
    });
    await runner.rebuild('recording');
    await runner.rebuild('recording');
    await expectEachEventAppliedOnce(readStore);
    expect(projection.batches.slice(0, 2)).toEqual([50, 50]);
  });

  it('a rebuild reads each batch in pages as it applies them; a crash mid-batch keeps the last whole batch', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const projection = new BatchRecordingProjection();
    projection.onApply = (_, call) => {
      if (call === 120) throw new Error('simulated crash in the third batch, in its second page');
    };
    const options = { batchSize: 16, rebuildBatchSize: 50, rebuildReadPage: 15 };
    const rebuilding = new ProjectionRunner(eventStore, readStore, [projection], options);
    await expect(rebuilding.rebuild('recording')).rejects.toThrow('simulated crash');
    expect(projection.batches.slice(0, 8)).toEqual([15, 15, 15, 5, 15, 15, 15, 5]);
    const hundredth = (await eventStore.readAll(null, 100)).at(-1)!.position;
    expect(await readStore.getCheckpoint('recording')).toBe(hundredth);

    projection.onApply = () => undefined;
    const runner = new ProjectionRunner(eventStore, readStore, [projection], options);
    await runner.start();
    expect(await runner.waitFor(await eventStore.headPosition(), ['recording'], 10_000)).toBe(true);
    await runner.stop();
    await expectEachEventAppliedOnce(readStore);
  });

  it('rolls back a batch that fails half-way and applies it again, once', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const projection = new RecordingProjection();
    const failAt = Math.floor((STREAMS * PER_STREAM) / 2);
    projection.onApply = (_, call) => {
      if (call === failAt) throw new Error('simulated crash in the middle of a batch');
    };
    const runner = new ProjectionRunner(eventStore, readStore, [projection]);
    jest.spyOn(runner['logger'], 'error').mockImplementation(() => undefined);
    await runner.start();
    expect(await runner.waitFor(await eventStore.headPosition(), ['recording'], 10_000)).toBe(true);
    await runner.stop();
    expect(projection.calls).toBeGreaterThan(STREAMS * PER_STREAM);
    await expectEachEventAppliedOnce(readStore);
  });

  it('applies every event once even when two runners race on the same projection', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const head = await eventStore.headPosition();
    const runners = [0, 1].map(
      () => new ProjectionRunner(eventStore, readStore, [new RecordingProjection()], { batchSize: 16 }),
    );
    await Promise.all(runners.map((r) => r.start()));
    await Promise.all(runners.map((r) => r.waitFor(head, ['recording'], 10_000)));
    await Promise.all(runners.map((r) => r.stop()));
    await expectEachEventAppliedOnce(readStore);
  });

  it('rebuilds from zero to the same read model, reporting progress', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const runner = new ProjectionRunner(eventStore, readStore, [new RecordingProjection()]);
    await runner.start();
    await runner.waitFor(await eventStore.headPosition(), ['recording'], 10_000);
    const progress: number[] = [];
    const result = await runner.rebuild('recording', (p) => progress.push(p.events));
    await runner.stop();
    expect(result).toMatchObject({ projection: 'recording', events: STREAMS * PER_STREAM, done: true });
    expect(progress.at(-1)).toBe(STREAMS * PER_STREAM);
    await expectEachEventAppliedOnce(readStore);
  });

  it('rebuilds several projections in one pass, each event decoded once and applied once to each', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const one = new RecordingProjection('one');
    const other = new BatchRecordingProjection('other');
    const seenBy = { one: [] as StoredEvent[], other: [] as StoredEvent[] };
    one.onApply = (event) => seenBy.one.push(event);
    other.onApply = (event) => seenBy.other.push(event);
    const runner = new ProjectionRunner(eventStore, readStore, [one, other], {
      batchSize: 16,
      rebuildBatchSize: 50,
    });
    const result = await runner.rebuildTogether(['one', 'other']);
    expect(result).toMatchObject({ projection: 'one, other', events: STREAMS * PER_STREAM, done: true });
    await expectEachEventAppliedOnce(readStore, 'one');
    await expectEachEventAppliedOnce(readStore, 'other');
    expect(seenBy.other).toHaveLength(STREAMS * PER_STREAM);
    expect(seenBy.other.every((event, i) => event === seenBy.one[i])).toBe(true);
    const head = await eventStore.headPosition();
    expect(await readStore.getCheckpoint('one')).toBe(head);
    expect(await readStore.getCheckpoint('other')).toBe(head);
  });

  it('a rebuild of several that fails midway leaves each its own checkpoint; the runner then applies the rest once', async () => {
    for (let round = 0; round < PER_STREAM; round++) await appendRound(eventStore, round);
    const one = new RecordingProjection('one');
    const other = new BatchRecordingProjection('other');
    other.onApply = (_, call) => {
      if (call === 120) throw new Error('simulated crash during the rebuild');
    };
    const options = { batchSize: 16, rebuildBatchSize: 50 };
    const rebuilding = new ProjectionRunner(eventStore, readStore, [one, other], options);
    await expect(rebuilding.rebuildTogether(['one', 'other'])).rejects.toThrow('simulated crash');
    const [oneAt, otherAt] = [await readStore.getCheckpoint('one'), await readStore.getCheckpoint('other')];
    expect(oneAt).not.toBeNull();
    expect(otherAt! < oneAt!).toBe(true);

    other.onApply = () => undefined;
    const runner = new ProjectionRunner(eventStore, readStore, [one, other], options);
    await runner.start();
    expect(await runner.waitFor(await eventStore.headPosition(), ['one', 'other'], 10_000)).toBe(true);
    await runner.stop();
    await expectEachEventAppliedOnce(readStore, 'one');
    await expectEachEventAppliedOnce(readStore, 'other');
  });

  it('a live projection whose skipped checkpoint cannot be stored starts again from the stored one, applying each event once', async () => {
    const projection = new RecordingProjection();
    projection.handles = (type?: string) => type === 'Counted';
    const runner = new ProjectionRunner(eventStore, readStore, [projection], { batchSize: 16 });
    const errors = jest.spyOn(runner['logger'], 'error').mockImplementation(() => undefined);
    jest.spyOn(runner['logger'], 'warn').mockImplementation(() => undefined);
    await runner.start();
    for (let round = 0; round < PER_STREAM / 2; round++) await appendRound(eventStore, round);
    expect(await runner.waitFor(await eventStore.headPosition(), ['recording'], 10_000)).toBe(true);
    // The next transaction is refused, as when a commit of the projection was lost in the background: the
    // save of a checkpoint moved by events it ignores hears of it.
    const transaction = readStore.transaction.bind(readStore);
    jest
      .spyOn(readStore, 'transaction')
      .mockImplementationOnce(() => Promise.reject(new Error('a lost commit')))
      .mockImplementation(transaction);
    await eventStore.append(
      'elsewhere',
      [
        {
          id: '00000000-0000-4000-8000-999999999999',
          type: 'Ignored',
          schemaVersion: 1,
          data: {},
          metadata: { occurredAt: new Date(0).toISOString() },
        },
      ],
      'no_stream',
    );
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_LAG_MS + 300));
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('restarting from its checkpoint'),
      expect.objectContaining({ message: 'a lost commit' }),
    );
    for (let round = PER_STREAM / 2; round < PER_STREAM; round++) await appendRound(eventStore, round);
    expect(await runner.waitFor(await eventStore.headPosition(), ['recording'], 10_000)).toBe(true);
    await runner.stop();
    await expectEachEventAppliedOnce(readStore);
  });

  it('writes nothing for live events a projection ignores; its checkpoint follows within a second and at stop', async () => {
    const rare = new RecordingProjection();
    rare.handles = (type?: string) => type === 'Rare';
    const runner = new ProjectionRunner(eventStore, readStore, [rare]);
    await runner.start();
    const transactions = jest.spyOn(readStore, 'transaction');
    for (let round = 0; round < 3; round++) await appendRound(eventStore, round);
    const head = await eventStore.headPosition();
    // Read-your-writes still holds: the runner knows at once that it has passed the ignored events.
    expect(await runner.waitFor(head, ['recording'], 5000)).toBe(true);
    expect(transactions).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_LAG_MS + 200));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await readStore.getCheckpoint('recording')).toBe(head);

    await appendRound(eventStore, 3);
    const later = await eventStore.headPosition();
    expect(await runner.waitFor(later, ['recording'], 5000)).toBe(true);
    await runner.stop();
    expect(await readStore.getCheckpoint('recording')).toBe(later);
    expect(await readStore.collection('recording_seen').find({})).toEqual([]);
  });

  it('answers false when the read models do not catch up in time', async () => {
    const runner = new ProjectionRunner(eventStore, readStore, [new RecordingProjection()]);
    jest.spyOn(runner['logger'], 'warn').mockImplementation(() => undefined);
    expect(await runner.waitFor(10n, ['recording'], 50)).toBe(false);
  });
});
