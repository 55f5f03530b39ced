import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { aProfileForm } from '../support/profile-form';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

type Call = (token: string | null) => request.Test;

describe('Authentication API (ID tokens from an external issuer, real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const api = () => request(server.url);
  const person = { sub: randomUUID(), email: 'kati.karu@example.ee' };
  const withToken = (test: request.Test, token: string | null) =>
    token === null ? test : test.set('Authorization', `Bearer ${token}`);

  /** Every signed-in endpoint, each with a request that would otherwise succeed or change something. */
  const PROTECTED: readonly [string, Call][] = [
    ['GET /api/user/read', (t) => withToken(api().get('/api/user/read'), t)],
    [
      'POST /api/user/update',
      (t) =>
        withToken(
          api()
            .post('/api/user/update')
            .send(aProfileForm({ acceptTerms: true })),
          t,
        ),
    ],
    ['GET /api/admin/users', (t) => withToken(api().get('/api/admin/users'), t)],
    [
      'PUT /api/admin/users/:userId/admin',
      (t) => withToken(api().put(`/api/admin/users/${person.sub}/admin`).send({ isAdmin: true }), t),
    ],
  ];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: { ...issuer.env, ADMIN_EMAILS: person.email } });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  const BAD_TOKENS: readonly [string, () => Promise<string | null>][] = [
    ['no token', () => Promise.resolve(null)],
    ['a malformed token', () => Promise.resolve('not-a.jwt')],
    ['an expired token', () => issuer.idToken(person, { expiresInSeconds: -3600 })],
    [
      'a token signed by another key under the published kid',
      () => issuer.idToken(person, { key: 'unknown-same-kid' }),
    ],
    ['a token signed by an unknown key', () => issuer.idToken(person, { key: 'unknown-other-kid' })],
    ['an unsigned token (alg none)', () => Promise.resolve(issuer.unsignedToken(person))],
    ['an HS256 token keyed with the public key', () => issuer.hmacForgery(person)],
    ['a token from another issuer', () => issuer.idToken(person, { issuer: 'https://evil.example.com' })],
    ['a token for another audience', () => issuer.idToken(person, { audience: 'someone-else' })],
    ['a token without an e-mail', () => issuer.idToken({ sub: person.sub })],
  ];

  describe.each(BAD_TOKENS)('with %s', (_name, token) => {
    it.each(PROTECTED)('%s answers 401 AUTH.UNAUTHORIZED and changes nothing', async (_route, call) => {
      const before = await eventStore.headPosition();
      const response = await call(await token())
        .set('Accept-Language', 'en')
        .expect(401);
      expect(response.body).toEqual({
        statusCode: 401,
        code: 'AUTH.UNAUTHORIZED',
        message: 'Please sign in again: your session is missing, invalid or has expired.',
      });
      expect(await eventStore.headPosition()).toBe(before);
    });
  });

  it('answers 401 in Estonian by default', async () => {
    const { body } = await api().get('/api/user/read').expect(401);
    expect(body).toMatchObject({
      code: 'AUTH.UNAUTHORIZED',
      message: expect.stringMatching(/logi uuesti sisse/),
    });
  });

  it('accepts a valid ID token: the product user id is its sub', async () => {
    const { body } = await api()
      .get('/api/user/read')
      .set('Authorization', `Bearer ${await issuer.idToken(person)}`)
      .expect(200);
    expect(body).toMatchObject({ id: person.sub, email: person.email });
  });

  it('fetches the JWKS once and then serves keys from its cache', async () => {
    const before = issuer.jwksRequests();
    for (let i = 0; i < 3; i++) {
      await api()
        .get('/api/user/read')
        .set('Authorization', `Bearer ${await issuer.idToken(person)}`)
        .expect(200);
    }
    expect(issuer.jwksRequests()).toBe(before);
  });

  it('keeps public routes open, with or without a (bad) token', async () => {
    for (const path of [
      '/api/documents',
      '/api/catalogue/options',
      '/api/config',
      '/api/health',
      `/api/baskets/${randomUUID()}`,
    ]) {
      await api().get(path).expect(200);
      await api().get(path).set('Authorization', 'Bearer garbage').expect(200);
    }
  });

  it('still answers unknown /api paths with 404', async () => {
    const { body } = await api().get('/api/no-such-thing').expect(404);
    expect(body.code).toBe('ERROR.NOT_FOUND');
  });

  it('tells the client how to sign in with the external issuer (GET /api/config)', async () => {
    const { body } = await api().get('/api/config').expect(200);
    expect(body).toEqual({
      issuer: issuer.issuer,
      clientId: 'lepinguturg-web',
      redirectSignIn: `${server.url}/callback`,
      redirectSignOut: `${server.url}/`,
      scopes: ['openid', 'email', 'offline_access'],
      signUpEnabled: true,
      providers: [],
      tagManagerEnabled: false,
      tagManagerId: null,
      socialMediaEnabled: false,
      devMailboxUrl: null,
    });
  });
});

describe('Authentication with JWKS discovery and the embedded profile', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer();
  });
  afterAll(() => issuer.close());

  it('finds the JWKS through the issuer discovery document when OIDC_JWKS_URI is not set', async () => {
    const server = await startTestServer({
      seed: false,
      env: { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'lepinguturg-web' },
    });
    try {
      const token = await issuer.idToken({ sub: randomUUID(), email: 'avastus@example.ee' });
      await request(server.url).get('/api/user/read').set('Authorization', `Bearer ${token}`).expect(200);
      await request(server.url)
        .get('/api/user/read')
        .set(
          'Authorization',
          `Bearer ${await issuer.idToken({ sub: randomUUID(), email: 'x@example.ee' }, { key: 'unknown-same-kid' })}`,
        )
        .expect(401);
    } finally {
      await server.close();
    }
  });

  it('offers the dev mailbox and the embedded issuer in the embedded profile', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const { body } = await request(server.url).get('/api/config').expect(200);
      expect(body).toMatchObject({ issuer: `${server.url}/oidc`, devMailboxUrl: '/dev/mailbox' });
      // A token of an outside issuer is no good here.
      const token = await issuer.idToken({ sub: randomUUID(), email: 'x@example.ee' });
      await request(server.url).get('/api/user/read').set('Authorization', `Bearer ${token}`).expect(401);
    } finally {
      await server.close();
    }
  });
});
