import request from 'supertest';
import { ACCOUNT_WRITE_RULES } from '../../server/src/api/http/account-write-limit.guard';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { aProfileForm } from '../support/profile-form';
import { TestClock } from '../support/test-clock';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';
import { type TestUploader, aDocumentBody, newUploader } from '../support/uploader';

/**
 * Signed-in writes are limited per account (issue 23 point 4): drafts, profile saves and payout requests
 * each have a burst and a steady rate; past them the account gets a translated 429 with Retry-After and
 * nothing is written, while other accounts go on as before.
 */
describe('Write limits per account (real HTTP)', () => {
  const clock = new TestClock(new Date('2026-11-26T10:00:00Z'));
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const api = () => request(server.url);
  const auth = async (who: TestUploader) => ({ Authorization: await who.authorization() });

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: issuer.env, seed: false, clock });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('lets an account create drafts up to the burst, then answers 429 in its language and writes nothing', async () => {
    const busy = await newUploader(server.url, issuer);
    const calm = await newUploader(server.url, issuer);
    const { capacity, refillMs } = ACCOUNT_WRITE_RULES.drafts;
    for (let i = 0; i < capacity; i++)
      await api()
        .post('/api/my/documents')
        .set(await auth(busy))
        .send(aDocumentBody({ title: `Mustand ${i}` }))
        .expect(201);

    const head = await eventStore.headPosition();
    const refused = await api()
      .post('/api/my/documents')
      .set(await auth(busy))
      .set('Accept-Language', 'en')
      .send(aDocumentBody())
      .expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'ERROR.TOO_MANY_WRITES',
      message: 'You have made too many changes in a short time. Please wait a minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil(refillMs / 1000));
    const et = await api()
      .post('/api/my/documents')
      .set(await auth(busy))
      .send(aDocumentBody())
      .expect(429);
    expect(et.body.message).toBe(
      'Oled lühikese aja jooksul teinud liiga palju muudatusi. Oota minut ja proovi uuesti.',
    );
    expect(await eventStore.headPosition()).toBe(head);

    // Another account is not affected; reading is not limited.
    await api()
      .post('/api/my/documents')
      .set(await auth(calm))
      .send(aDocumentBody())
      .expect(201);
    await api()
      .get('/api/my/documents')
      .set(await auth(busy))
      .expect(200);

    // The bucket refills at its steady rate.
    clock.advance(refillMs);
    await api()
      .post('/api/my/documents')
      .set(await auth(busy))
      .send(aDocumentBody())
      .expect(201);
    await api()
      .post('/api/my/documents')
      .set(await auth(busy))
      .send(aDocumentBody())
      .expect(429);
  });

  it('limits profile saves per account', async () => {
    const person = await newUploader(server.url, issuer);
    // newUploader saved the profile once already.
    for (let i = 1; i < ACCOUNT_WRITE_RULES.profile.capacity; i++)
      await api()
        .post('/api/user/update')
        .set(await auth(person))
        .send(aProfileForm({ lastName: `Tamm ${String.fromCharCode(65 + (i % 26))}` }))
        .expect(200);
    const refused = await api()
      .post('/api/user/update')
      .set(await auth(person))
      .send(aProfileForm())
      .expect(429);
    expect(refused.body.code).toBe('ERROR.TOO_MANY_WRITES');
  });

  it('limits payout requests per account, before the request is looked at', async () => {
    const person = await newUploader(server.url, issuer);
    const ask = async () =>
      api()
        .post(`/api/uploaders/${person.userId}/payouts`)
        .set(await auth(person))
        .send({ accountHolder: 'Kadri Tamm', amount: 1000 });
    for (let i = 0; i < ACCOUNT_WRITE_RULES.payouts.capacity; i++) expect((await ask()).status).not.toBe(429);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('ERROR.TOO_MANY_WRITES');
  });
});
