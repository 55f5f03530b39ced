import { randomUUID } from 'node:crypto';
import {
  decodeEvent,
  WrongExpectedRevisionError,
  type EventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './event-store.port';

/** A fresh stream name per test, so the suite can share one server with other runs. */
function newStreamId(kind = 'contract'): string {
  return `${kind}-${randomUUID()}`;
}

/** Builder for a test event; every call gets a new id. */
function anEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    id: randomUUID(),
    type: 'DocumentPublished',
    schemaVersion: 1,
    data: { documentId: randomUUID(), title: 'Tööleping', priceCents: 1999 },
    metadata: { occurredAt: '2025-03-01T10:00:00.000Z', actorId: 'user-1' },
    ...overrides,
  };
}

function events(count: number): NewEvent[] {
  return Array.from({ length: count }, () => anEvent());
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function expectWrongRevision(append: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await append.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

/** Records every delivered batch of a subscription. */
class Recorder {
  readonly batches: RecordedEvent[][] = [];
  get all(): RecordedEvent[] {
    return this.batches.flat();
  }
  of(streamIds: readonly string[]): RecordedEvent[] {
    return this.all.filter((event) => streamIds.includes(event.streamId));
  }
  readonly onEvents = (batch: readonly RecordedEvent[]): Promise<void> => {
    this.batches.push([...batch]);
    return Promise.resolve();
  };
}

/**
 * The behaviour every EventStore adapter must show. Runs against a shared server, so every test
 * writes to its own streams and only ever asserts about those.
 */
export function describeEventStoreContract(
  name: string,
  create: () => Promise<EventStore>,
  dispose?: (store: EventStore) => Promise<void>,
): void {
  describe(`EventStore contract: ${name}`, () => {
    // Waits inside the tests give up after 5 s with a precise message; a remote server needs headroom.
    jest.setTimeout(20_000);

    let store: EventStore;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      store = await create();
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await store.close();
      if (dispose) await dispose(store);
    });

    function subscribe(after: LogPosition | null, recorder: Recorder, batchSize?: number): Subscription {
      const subscription = store.subscribeToAll({ after, onEvents: recorder.onEvents, batchSize });
      subscriptions.push(subscription);
      return subscription;
    }

    describe('append', () => {
      it('given no stream, when appending with no_stream, then the stream holds the events from revision 0', async () => {
        const streamId = newStreamId();
        const written = events(2);

        const result = await store.append(streamId, written, 'no_stream');

        const stored = await store.readStream(streamId);
        expect(stored.map((event) => [event.id, event.revision])).toEqual([
          [written[0]?.id, 0],
          [written[1]?.id, 1],
        ]);
        expect(result.nextExpectedRevision).toBe(1);
        expect(result.position).toBe(stored[1]?.position);
      });

      it('given a stream, when appending with no_stream, then it throws and writes nothing', async () => {
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');

        const error = await expectWrongRevision(store.append(streamId, events(1), 'no_stream'));

        expect(error.streamId).toBe(streamId);
        expect(error.actual).toBe(0);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('given a stream at revision 1, when appending with expected revision 1, then it succeeds', async () => {
        const streamId = newStreamId();
        await store.append(streamId, events(2), 'no_stream');
        const next = anEvent();

        const result = await store.append(streamId, [next], 1);

        expect(result.nextExpectedRevision).toBe(2);
        const stored = await store.readStream(streamId);
        expect(stored.at(-1)).toMatchObject({ id: next.id, revision: 2, position: result.position });
      });

      it.each([0, 2, 7])(
        'given a stream at revision 1, when appending with expected revision %i, then it throws and writes nothing',
        async (wrong) => {
          const streamId = newStreamId();
          await store.append(streamId, events(2), 'no_stream');
          const rejected = anEvent();

          const error = await expectWrongRevision(store.append(streamId, [rejected], wrong));

          expect(error).toMatchObject({ streamId, expected: wrong, actual: 1 });
          const stored = await store.readStream(streamId);
          expect(stored.map((event) => event.id)).not.toContain(rejected.id);
          expect(stored).toHaveLength(2);
        },
      );

      it('given no stream, when appending with an exact revision, then it throws with actual no_stream', async () => {
        const streamId = newStreamId();

        const error = await expectWrongRevision(store.append(streamId, events(1), 0));

        expect(error.actual).toBe('no_stream');
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('given no stream, when appending with stream_exists, then it throws and writes nothing', async () => {
        const streamId = newStreamId();

        await expectWrongRevision(store.append(streamId, events(1), 'stream_exists'));

        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('given a stream, when appending with stream_exists, then it succeeds', async () => {
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');

        const result = await store.append(streamId, events(1), 'stream_exists');

        expect(result.nextExpectedRevision).toBe(1);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('when appending with any, then it succeeds whether or not the stream exists', async () => {
        const streamId = newStreamId();

        const first = await store.append(streamId, events(1), 'any');
        const second = await store.append(streamId, events(2), 'any');

        expect(first.nextExpectedRevision).toBe(0);
        expect(second.nextExpectedRevision).toBe(2);
        expect(second.position > first.position).toBe(true);
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it('when the same append is retried with no_stream, then nothing is written twice and the original result returns', async () => {
        const streamId = newStreamId();
        const batch = events(2);
        const original = await store.append(streamId, batch, 'no_stream');

        const retried = await store.append(streamId, batch, 'no_stream');

        expect(retried).toEqual(original);
        expect((await store.readStream(streamId)).map((event) => event.id)).toEqual(batch.map((e) => e.id));
      });

      it('when an append with an exact revision is retried after a later append, then it is still a no-op', async () => {
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');
        const batch = events(2);
        const original = await store.append(streamId, batch, 0);
        await store.append(streamId, events(1), 2);

        const retried = await store.append(streamId, batch, 0);

        expect(retried).toEqual(original);
        expect(retried.nextExpectedRevision).toBe(2);
        expect(await store.readStream(streamId)).toHaveLength(4);
      });

      it('when appends to one stream race with the same expected revision, then exactly one wins', async () => {
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');
        const contenders = Array.from({ length: 5 }, () => anEvent());

        const outcomes = await Promise.allSettled(
          contenders.map((event) => store.append(streamId, [event], 0)),
        );

        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const outcome of lost) expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const stored = await store.readStream(streamId);
        expect(stored).toHaveLength(2);
        const winner = contenders[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')];
        expect(stored[1]?.id).toBe(winner?.id);
      });
    });

    describe('readStream', () => {
      it('given events, when reading the stream, then every field round-trips exactly and in order', async () => {
        const streamId = newStreamId();
        const written: NewEvent[] = [
          anEvent({
            type: 'DocumentPublished',
            schemaVersion: 3,
            data: {
              title: 'Tööleping — üürileping „Õun“ 🍏',
              priceCents: 1999,
              zero: 0,
              negative: -42,
              big: 9007199254740991,
              flag: false,
              nothing: null,
              tags: ['töö', 'leping'],
              nested: { fees: { licenceFeeCents: 1500, serviceFeeCents: 499 }, list: [{ a: 1 }, []] },
            },
            metadata: {
              occurredAt: '2025-03-01T10:00:00.000Z',
              actorId: 'user-ä',
              correlationId: randomUUID(),
              causationId: randomUUID(),
            },
          }),
          anEvent({ type: 'FileProcessingFailed', schemaVersion: 1, data: { reason: '' } }),
        ];
        await store.append(streamId, written, 'no_stream');

        const stored = await store.readStream(streamId);

        expect(stored).toHaveLength(2);
        stored.forEach((event, index) => {
          const expected = written[index];
          expect(event).toEqual({
            id: expected?.id,
            streamId,
            revision: index,
            position: expect.any(BigInt),
            type: expected?.type,
            schemaVersion: expected?.schemaVersion,
            data: expected?.data,
            metadata: expected?.metadata,
          });
        });
        expect(typeof stored[0]?.position).toBe('bigint');
        expect((stored[1]?.position ?? 0n) > (stored[0]?.position ?? 0n)).toBe(true);
      });

      it('given no such stream, when reading it, then it is empty', async () => {
        expect(await store.readStream(newStreamId('missing'))).toEqual([]);
      });

      it('given other streams, when reading one stream, then only its events return', async () => {
        const mine = newStreamId();
        const other = newStreamId();
        await store.append(mine, events(1), 'no_stream');
        await store.append(other, events(2), 'no_stream');

        const stored = await store.readStream(mine);

        expect(stored.map((event) => event.streamId)).toEqual([mine]);
      });
    });

    describe('readAll and headPosition', () => {
      it('given appends to several streams, when reading all after a position, then events come in global order', async () => {
        const before = await store.headPosition();
        const a = newStreamId();
        const b = newStreamId();
        const [a1, a2, b1, a3] = events(4) as [NewEvent, NewEvent, NewEvent, NewEvent];
        await store.append(a, [a1, a2], 'no_stream');
        await store.append(b, [b1], 'no_stream');
        await store.append(a, [a3], 1);

        const read = (await store.readAll(before, 1000)).filter((e) => e.streamId === a || e.streamId === b);

        expect(read.map((event) => event.id)).toEqual([a1.id, a2.id, b1.id, a3.id]);
        expect(read.map((event) => [event.streamId, event.revision])).toEqual([
          [a, 0],
          [a, 1],
          [b, 0],
          [a, 2],
        ]);
      });

      it('when reading all, then positions strictly increase and every one lies after the given position', async () => {
        await store.append(newStreamId(), events(3), 'no_stream');
        await store.append(newStreamId(), events(2), 'no_stream');
        const first = (await store.readAll(null, 1))[0];
        expect(first).toBeDefined();

        const read = await store.readAll(first?.position ?? null, 50);

        expect(read.length).toBeGreaterThan(0);
        let previous = first?.position ?? -1n;
        for (const event of read) {
          expect(event.position > previous).toBe(true);
          previous = event.position;
        }
      });

      it('when reading all from null, then the first event lies at or before any event appended now', async () => {
        const result = await store.append(newStreamId(), events(1), 'no_stream');

        const [first] = await store.readAll(null, 1);

        expect(first).toBeDefined();
        expect((first?.position ?? result.position + 1n) <= result.position).toBe(true);
      });

      it('given an event at position p, when reading all after p, then it starts strictly after p', async () => {
        const streamId = newStreamId();
        const written = events(3);
        await store.append(streamId, written, 'no_stream');
        const stored = await store.readStream(streamId);
        const p = stored[0]?.position ?? null;

        const read = (await store.readAll(p, 1000)).filter((event) => event.streamId === streamId);

        expect(read.map((event) => event.id)).toEqual([written[1]?.id, written[2]?.id]);
      });

      it('when reading all with a limit, then at most that many events return, the earliest first', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        await store.append(streamId, events(5), 'no_stream');
        const everything = await store.readAll(before, 1000);

        const limited = await store.readAll(before, 2);

        expect(limited).toHaveLength(2);
        expect(limited.map((event) => event.id)).toEqual(everything.slice(0, 2).map((event) => event.id));
      });

      it('given a store that reads the log as text, when reading all encoded, then each event decodes to what readAll gives', async () => {
        const before = await store.headPosition();
        await store.append(newStreamId(), events(3), 'no_stream');
        await store.append(
          newStreamId(),
          [anEvent({ schemaVersion: 2, data: { nested: { list: [1, 'ä', null] } } })],
          'no_stream',
        );
        const recorded = await store.readAll(before, 1000);
        // Optional in the port: a store without it is read by readAll alone.
        if (!store.readAllEncoded) return;

        const encoded = await store.readAllEncoded(before, 1000);

        expect(
          encoded.every((event) => typeof event.data === 'string' && typeof event.metadata === 'string'),
        ).toBe(true);
        expect(encoded.map(decodeEvent)).toEqual(recorded);
        const limited = await store.readAllEncoded(before, 2);
        expect(limited.map(decodeEvent)).toEqual(recorded.slice(0, 2));
      });

      it('when appending, then the head position reaches the position of the append', async () => {
        const result = await store.append(newStreamId(), events(2), 'no_stream');

        const head = await store.headPosition();

        expect(head).not.toBeNull();
        expect((head ?? -1n) >= result.position).toBe(true);
        const [last] = await store.readAll((head ?? 0n) - 1n, 10);
        expect(last?.position).toBe(head);
      });
    });

    describe('subscribeToAll', () => {
      it('given earlier events, when subscribing, then it delivers catch-up then live events in order, exactly once', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        const caughtUp = events(3);
        await store.append(streamId, caughtUp, 'no_stream');
        const recorder = new Recorder();

        subscribe(before, recorder);
        await waitUntil(() => recorder.of([streamId]).length === 3, 'catch-up events');
        const live = events(2);
        await store.append(streamId, [live[0] as NewEvent], 2);
        await store.append(streamId, [live[1] as NewEvent], 3);
        await waitUntil(() => recorder.of([streamId]).length >= 5, 'live events');
        await sleep(300);

        expect(recorder.of([streamId]).map((event) => event.id)).toEqual(
          [...caughtUp, ...live].map((event) => event.id),
        );
        expect(recorder.of([streamId]).map((event) => event.revision)).toEqual([0, 1, 2, 3, 4]);
        const positions = recorder.all.map((event) => event.position);
        positions.forEach((position, index) => {
          if (before !== null) expect(position > before).toBe(true);
          if (index > 0) expect(position > (positions[index - 1] ?? position)).toBe(true);
        });
      });

      it('given a position, when subscribing after it, then delivery resumes strictly after that position', async () => {
        const streamId = newStreamId();
        const written = events(3);
        await store.append(streamId, written, 'no_stream');
        const [first] = await store.readStream(streamId);
        const recorder = new Recorder();

        subscribe(first?.position ?? null, recorder);

        await waitUntil(() => recorder.of([streamId]).length >= 2, 'events after the position');
        await sleep(300);
        expect(recorder.of([streamId]).map((event) => event.id)).toEqual([written[1]?.id, written[2]?.id]);
      });

      it('given a batch size, when catching up, then no batch is larger', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        await store.append(streamId, events(5), 'no_stream');
        const recorder = new Recorder();

        subscribe(before, recorder, 2);

        await waitUntil(() => recorder.of([streamId]).length === 5, 'all events');
        expect(recorder.batches.every((batch) => batch.length >= 1 && batch.length <= 2)).toBe(true);
      });

      it('given a subscription, when a batch is being handled, then the next batch waits for it', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        let inFlight = 0;
        let overlapped = false;
        const seen: string[] = [];
        const subscription = store.subscribeToAll({
          after: before,
          batchSize: 1,
          onEvents: async (batch) => {
            inFlight += 1;
            if (inFlight > 1) overlapped = true;
            await sleep(20);
            seen.push(...batch.filter((event) => event.streamId === streamId).map((event) => event.id));
            inFlight -= 1;
          },
        });
        subscriptions.push(subscription);

        const written = events(4);
        for (const [index, event] of written.entries())
          await store.append(streamId, [event], index === 0 ? 'no_stream' : index - 1);
        await waitUntil(() => seen.length === 4, 'sequential delivery');

        expect(overlapped).toBe(false);
        expect(seen).toEqual(written.map((event) => event.id));
      });

      it('when stopped, then no further events are delivered', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');
        const recorder = new Recorder();
        const subscription = subscribe(before, recorder);
        await waitUntil(() => recorder.of([streamId]).length === 1, 'the first event');

        await subscription.stop();
        await store.append(streamId, events(2), 0);
        await sleep(600);

        expect(recorder.of([streamId])).toHaveLength(1);
      });

      it('when the handler fails, then onError receives the error and delivery stops', async () => {
        const before = await store.headPosition();
        const streamId = newStreamId();
        await store.append(streamId, events(1), 'no_stream');
        const failure = new Error('projection failed');
        let calls = 0;
        const errors: unknown[] = [];
        const subscription = store.subscribeToAll({
          after: before,
          onEvents: () => {
            calls += 1;
            return Promise.reject(failure);
          },
          onError: (error) => errors.push(error),
        });
        subscriptions.push(subscription);

        await waitUntil(() => errors.length === 1, 'onError');
        await store.append(streamId, events(1), 0);
        await sleep(600);

        expect(errors).toEqual([failure]);
        expect(calls).toBe(1);
      });
    });
  });
}
