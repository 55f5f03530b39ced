import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '../../server/src/infrastructure/read-store/read-store.port';
import { DOCUMENTS_COLLECTION } from '../../server/src/projections/catalogue/catalogue.read-model';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_TEMPLATES } from '../../server/src/seed/demo-catalogue.data';
import { startTestServer } from '../support/test-server';

describe('Restarting on the same data folder, and rebuilding read models', () => {
  it('keeps every fact, seeds nothing twice and applies no event twice', async () => {
    const first = await startTestServer();
    const basketId = randomUUID();
    const { body: page } = await request(first.url).get('/api/documents?sort=price-desc&limit=1').expect(200);
    await request(first.url)
      .post(`/api/baskets/${basketId}/documents`)
      .send({ documentId: page.items[0].id })
      .expect(200);
    const headBefore = await first.app.get<EventStore>(EVENT_STORE).headPosition();
    const docsBefore = await first.app
      .get<ReadStore>(READ_STORE)
      .collection(DOCUMENTS_COLLECTION)
      .find({}, { sort: { _id: 1 } });
    await first.close({ keepData: true });

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      expect(await second.app.get<EventStore>(EVENT_STORE).headPosition()).toBe(headBefore);
      const docsAfter = await second.app
        .get<ReadStore>(READ_STORE)
        .collection(DOCUMENTS_COLLECTION)
        .find({}, { sort: { _id: 1 } });
      expect(docsAfter).toEqual(docsBefore);
      expect(docsAfter).toHaveLength(DEMO_TEMPLATES.length);
      const { body: basket } = await request(second.url).get(`/api/baskets/${basketId}`).expect(200);
      expect(basket.documentCount).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('rebuilds the catalogue from the event log into exactly what the live projection built', async () => {
    const server = await startTestServer();
    try {
      const readStore = server.app.get<ReadStore>(READ_STORE);
      const live = await readStore.collection(DOCUMENTS_COLLECTION).find({}, { sort: { _id: 1 } });
      const result = await server.app.get(ProjectionRunner).rebuild('catalogue');
      expect(result.done).toBe(true);
      expect(result.events).toBeGreaterThan(DEMO_TEMPLATES.length * 3);
      expect(await readStore.collection(DOCUMENTS_COLLECTION).find({}, { sort: { _id: 1 } })).toEqual(live);
      const { body } = await request(server.url).get('/api/documents?q=tooleping').expect(200);
      expect((body as { items: { title: string }[] }).items.map((d) => d.title)).toContain('Tööleping');
    } finally {
      await server.close();
    }
  });
});
