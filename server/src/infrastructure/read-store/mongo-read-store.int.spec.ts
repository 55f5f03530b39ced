import { MongoReadStore } from './mongo-read-store';
import { describeReadStoreContract } from './read-store.contract';

const url = process.env['MONGO_URL'];

if (url) {
  // One database per run, so parallel runs against a shared server never meet.
  const database = process.env['MONGO_DATABASE'] ?? 'lepinguturg_contract_tests';
  describeReadStoreContract(
    'MongoDB',
    () => Promise.resolve(new MongoReadStore(url, database)),
    (store) => store.close(),
    async (store) => {
      await store.close();
      return new MongoReadStore(url, database);
    },
  );
} else {
  describe.skip('ReadStore contract: MongoDB (set MONGO_URL to run, e.g. after docker compose up -d)', () => {
    it('needs a MongoDB replica set', () => undefined);
  });
}
