import request from 'supertest';
import {
  SEARCH_RESULTS_VERSION_ID,
  SEARCH_VERSION_COLLECTION,
} from '../../server/src/projections/search/search.read-model';
import { READ_STORE, type ReadStore } from '../../server/src/infrastructure/read-store/read-store.port';
import { publishDocumentWithFiles } from '../support/buying';
import { aSampleFile } from '../support/sample-files';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';
import { aDocumentBody, newUploader } from '../support/uploader';

/**
 * Search answers stay cached while other people write (issue 23 point 4): the cache is valid for one
 * version of what searches can find, which drafts and profile saves do not change and a published
 * document's change does. (Its speed is measured by `npm run bench -- --only=read-while-writing`.)
 */
describe('the search cache and other people’s writes (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  const version = async () =>
    (
      await server.app
        .get<ReadStore>(READ_STORE)
        .collection<{ _id: string; position: string }>(SEARCH_VERSION_COLLECTION)
        .findOne({ _id: SEARCH_RESULTS_VERSION_ID })
    )?.position ?? null;

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env });
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('keeps the version through drafts and profile saves, and moves it when a published document changes', async () => {
    await publishDocumentWithFiles(server, {
      title: 'Üürileping',
      price: 990,
      files: [{ title: 'Üürileping', format: 'docx', bytes: await aSampleFile('docx', 1, 'Üürileping') }],
    });
    const published = await version();
    expect(published).not.toBeNull();
    const first = await request(server.url).get('/api/documents?q=üürileping').expect(200);

    const writer = await newUploader(server.url, issuer);
    const auth = { Authorization: await writer.authorization() };
    for (let i = 0; i < 3; i++) {
      await request(server.url).post('/api/my/documents').set(auth).send(aDocumentBody()).expect(201);
      await request(server.url)
        .post('/api/user/update')
        .set(auth)
        .send({ firstName: 'Mari', lastName: 'Maasikas', address: `Pikk ${i}, Tallinn`, public: {} })
        .expect(200);
    }
    expect(await version()).toBe(published);
    expect((await request(server.url).get('/api/documents?q=üürileping').expect(200)).body).toEqual(
      first.body,
    );

    await publishDocumentWithFiles(server, {
      title: 'Üürileping garaažile',
      price: 490,
      files: [{ title: 'Garaaž', format: 'docx', bytes: await aSampleFile('docx', 1, 'Garaaž') }],
    });
    expect(await version()).not.toBe(published);
    const after = await request(server.url).get('/api/documents?q=üürileping').expect(200);
    expect((after.body as { total: number }).total).toBe((first.body as { total: number }).total + 1);
  });
});
