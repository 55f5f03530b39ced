import { describeEventStoreContract } from './event-store.contract';
import { KurrentDbEventStore } from './kurrentdb-event-store';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract('KurrentDbEventStore', () => Promise.resolve(new KurrentDbEventStore(url)));
} else {
  describe.skip('KurrentDB contract (set EVENTSTORE_URL to run, e.g. kurrentdb://127.0.0.1:2113?tls=false)', () => {
    it('runs the EventStore contract against a KurrentDB server', () => undefined);
  });
}
