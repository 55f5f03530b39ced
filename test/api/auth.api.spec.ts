import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { purchaseStreamId } from '../../server/src/events/purchase.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { EmbeddedTestGateway } from '../../server/src/infrastructure/payments/embedded-gateway/embedded-test-gateway';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import {
  aConfirmation,
  call,
  checkOut,
  keyInUrl,
  payAndReturn,
  publishDocumentWithFiles,
} from '../support/buying';
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
    ['GET /api/user/purchases', (t) => withToken(api().get('/api/user/purchases'), t)],
    ['GET /api/admin/purchases', (t) => withToken(api().get('/api/admin/purchases'), t)],
    [
      'GET /api/accounting/purchases/:purchaseId',
      (t) => withToken(api().get(`/api/accounting/purchases/${randomUUID()}`), t),
    ],
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
      message: expect.stringMatching(/logige uuesti sisse/),
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

/**
 * The authorization matrix of the purchase endpoints (issue 23): every role against every way to a
 * purchase. Only the buyer (signed in, or holding the access key from the return address and the mail)
 * opens the purchase; staff read it through their own endpoints, each read recorded; an uploader sees
 * their own sales lines and nothing else; the purchase id alone opens nothing.
 */
describe('Purchase endpoints by role (anonymous, the buyer, another buyer, an uploader of one line, an accountant, an admin)', () => {
  type Role = 'anonymous' | 'buyer' | 'key holder' | 'another buyer' | 'uploader' | 'accountant' | 'admin';
  // A type, not an interface: the issuer takes it as claims.
  type Person = { readonly sub: string; readonly email: string };
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const people = new Map<Role, Person | null>();
  let purchaseId = '';
  let key = '';
  let otherKey = '';
  let fileId = '';
  let payerEmail = '';
  let lineUploaderId = '';
  let links: { file: string; archive: string; invoice: string } = { file: '', archive: '', invoice: '' };
  const adminEmail = 'ulemus.ostud@example.ee';

  const send = async (role: Role, path: string, headers: Record<string, string> = {}) => {
    const person = people.get(role) ?? null;
    const auth: Record<string, string> = person
      ? { authorization: `Bearer ${await issuer.idToken({ sub: person.sub, email: person.email })}` }
      : {};
    if (role === 'key holder') auth['x-purchase-key'] = key;
    return call(server, 'GET', path, undefined, { ...auth, ...headers });
  };
  const signUp = async (firstName: string, email = `${randomUUID()}@example.ee`): Promise<Person> => {
    const person = { sub: randomUUID(), email };
    const saved = await call(
      server,
      'POST',
      '/api/user/update',
      aProfileForm({ firstName, acceptTerms: true }),
      {
        authorization: `Bearer ${await issuer.idToken(person)}`,
      },
    );
    expect(saved.status).toBe(200);
    return person;
  };
  /** The roles and what each must get; `null`: the status alone says it. */
  const ROLES: readonly Role[] = [
    'anonymous',
    'buyer',
    'key holder',
    'another buyer',
    'uploader',
    'accountant',
    'admin',
  ];

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: { ...issuer.env, ADMIN_EMAILS: adminEmail } });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    const kadris = await publishDocumentWithFiles(server, {
      title: 'Töövõtuleping',
      price: 1500,
      files: [{ title: 'Töövõtuleping', format: 'docx' }],
      uploader: 0,
    });
    const martins = await publishDocumentWithFiles(server, {
      title: 'Volikiri',
      price: 990,
      files: [{ title: 'Volikiri', format: 'pdf' }],
      uploader: 1,
    });
    fileId = martins.files[0]!.fileId;
    lineUploaderId = kadris.uploaderId;
    const kadri = DEMO_UPLOADERS[0]!;
    const buyer = await signUp('Ostja');
    people.set('anonymous', null);
    people.set('key holder', null);
    people.set('buyer', buyer);
    people.set('another buyer', await signUp('Teine'));
    people.set('uploader', { sub: kadri.userId, email: kadri.email });
    const accountant = await signUp('Arvepidaja');
    const admin = await signUp('Ülemus', adminEmail);
    people.set('admin', admin);
    const granted = await call(
      server,
      'PUT',
      `/api/admin/users/${accountant.sub}/accountant`,
      { isAccountant: true },
      { authorization: `Bearer ${await issuer.idToken(admin)}` },
    );
    expect(granted.status).toBe(200);
    people.set('accountant', accountant);

    // The buyer signs in, buys both documents (one of Kadri's, one of Martin's) and comes back.
    payerEmail = `${randomUUID()}@example.ee`;
    const basketId = randomUUID();
    for (const document of [kadris, martins]) {
      await call(server, 'POST', `/api/baskets/${basketId}/documents`, { documentId: document.documentId });
    }
    const confirmed = await call(
      server,
      'POST',
      `/api/baskets/${basketId}/confirmation`,
      aConfirmation(2490, {
        email: payerEmail,
        invoice: { companyName: 'Ostja OÜ', registryCode: '12345678', vatNumber: null },
      }),
      { authorization: `Bearer ${await issuer.idToken(buyer)}` },
    );
    expect(confirmed.status).toBe(200);
    const checkout = await call(server, 'POST', `/api/baskets/${basketId}/checkout`);
    purchaseId = checkout.body.purchaseId as string;
    const back = await payAndReturn(checkout.body.paymentUrl as string, 'success');
    await server.app.get(EmbeddedTestGateway).settled();
    key = keyInUrl(back.location)!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain(purchaseId);
    const summary = await call(server, 'GET', `/api/purchases/${purchaseId}`, undefined, {
      'x-purchase-key': key,
    });
    expect(summary.status).toBe(200);
    links = {
      file: summary.body.documents[1].files[0].downloadUrl as string,
      archive: summary.body.archiveUrl as string,
      invoice: summary.body.documentUrl as string,
    };
    // Somebody else's purchase, with its own key.
    const other = await checkOut(server, [martins], { email: `${randomUUID()}@example.ee` });
    const otherBack = await payAndReturn(other.paymentUrl, 'success');
    otherKey = keyInUrl(otherBack.location)!;
    await server.app.get(EmbeddedTestGateway).settled();
  }, 90_000);
  afterAll(async () => {
    await server.app.get(EmbeddedTestGateway).settled();
    await server.close();
    await issuer.close();
  });

  const path = (url: string) => new URL(url).pathname + new URL(url).search;
  const noSecrets = (body: unknown) => {
    const text = JSON.stringify(body);
    expect(text).not.toContain(payerEmail);
    expect(text).not.toContain(key);
  };

  it('GET /api/purchases/:purchaseId opens for the buyer (signed in or with the key) and for nobody else', async () => {
    const expected: Record<Role, number> = {
      anonymous: 404,
      buyer: 200,
      'key holder': 200,
      'another buyer': 404,
      uploader: 404,
      accountant: 404,
      admin: 404,
    };
    for (const role of ROLES) {
      const response = await send(role, `/api/purchases/${purchaseId}`);
      expect([role, response.status]).toEqual([role, expected[role]]);
      if (expected[role] === 404) {
        expect(response.body.code).toBe('PURCHASE.NOT_FOUND');
        noSecrets(response.body);
      } else {
        expect(response.body).toMatchObject({ id: purchaseId, payer: { email: payerEmail } });
      }
    }
    // Another purchase's key, a made-up key and the purchase number open nothing either.
    for (const wrong of [otherKey, 'A'.repeat(43), purchaseId, purchaseId.slice(0, 8).toUpperCase()]) {
      const response = await send('another buyer', `/api/purchases/${purchaseId}`, {
        'x-purchase-key': wrong,
      });
      expect(response.status).toBe(404);
    }
  });

  it('files, the zip and the invoice open only through the links the buyer got, for every role alike', async () => {
    const byIdAlone = [
      `/api/purchases/${purchaseId}/files/${fileId}`,
      `/api/purchases/${purchaseId}/archive`,
      `/api/purchases/${purchaseId}/invoice`,
    ];
    for (const role of ROLES) {
      for (const url of byIdAlone) {
        const response = await send(role, url);
        expect([role, url, response.status]).toEqual([role, url, 403]);
        expect(response.body.code).toBe('PURCHASE.LINK_INVALID');
      }
    }
    // The buyer's links work from anywhere (they are the buyer's capability), and a tampered holder does not.
    expect((await send('anonymous', path(links.invoice))).status).toBe(200);
    const forged = new URL(links.file);
    forged.searchParams.set('by', `user:${people.get('uploader')!.sub}`);
    expect((await send('uploader', path(forged.toString()))).status).toBe(403);
  });

  it('records a download for the person who made it: the signed-in buyer, or the holder of the key', async () => {
    const signedIn = await send('buyer', `/api/purchases/${purchaseId}`);
    const buyersLink = signedIn.body.documents[1].files[0].downloadUrl as string;
    expect(new URL(buyersLink).searchParams.get('by')).toBe(`user:${people.get('buyer')!.sub}`);
    expect((await fetch(buyersLink, { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(links.file, { redirect: 'manual' })).status).toBe(302);
    const downloads = (await eventStore.readStream(purchaseStreamId(purchaseId))).filter(
      (e) => e.type === 'PurchaseFilesDownloaded',
    );
    expect(downloads.map((e) => e.metadata.actorId)).toEqual([people.get('buyer')!.sub, 'purchase-key']);
  });

  it('staff read purchases only through their own endpoints, and every read is recorded with who and when', async () => {
    const expected: Record<string, Record<Role, number>> = {
      [`/api/admin/purchases?q=${encodeURIComponent(payerEmail)}`]: {
        anonymous: 401,
        buyer: 403,
        'key holder': 401,
        'another buyer': 403,
        uploader: 403,
        accountant: 403,
        admin: 200,
      },
      [`/api/admin/purchases/${purchaseId}`]: {
        anonymous: 401,
        buyer: 403,
        'key holder': 401,
        'another buyer': 403,
        uploader: 403,
        accountant: 403,
        admin: 200,
      },
      '/api/admin/invoices?q=Ostja': {
        anonymous: 401,
        buyer: 403,
        'key holder': 401,
        'another buyer': 403,
        uploader: 403,
        accountant: 403,
        admin: 200,
      },
      [`/api/accounting/purchases/${purchaseId}`]: {
        anonymous: 401,
        buyer: 403,
        'key holder': 401,
        'another buyer': 403,
        uploader: 403,
        accountant: 200,
        admin: 200,
      },
      [`/api/accounting/journal?purchaseId=${purchaseId}`]: {
        anonymous: 401,
        buyer: 403,
        'key holder': 401,
        'another buyer': 403,
        uploader: 403,
        accountant: 200,
        admin: 200,
      },
    };
    const before = new Date().toISOString();
    for (const [url, statuses] of Object.entries(expected)) {
      for (const role of ROLES) {
        const response = await send(role, url);
        expect([url, role, response.status]).toEqual([url, role, statuses[role]]);
        if (statuses[role] !== 200) noSecrets(response.body);
        // Staff never get the buyer's capability: no key, no buyer's links.
        else expect(JSON.stringify(response.body)).not.toContain(key);
      }
    }
    const one = await send('admin', `/api/admin/purchases/${purchaseId}`);
    expect(one.body).toMatchObject({ payer: { email: payerEmail } });
    expect(Object.keys(one.body)).not.toEqual(expect.arrayContaining(['archiveUrl']));
    expect(Object.keys(one.body)).not.toEqual(expect.arrayContaining(['documentUrl']));
    // The staff invoice link opens the invoice (recorded), and nothing else.
    const staffInvoice = one.body.invoiceUrl as string;
    expect((await send('anonymous', path(staffInvoice))).status).toBe(200);
    const asFile = path(staffInvoice).replace('/invoice?', `/files/${fileId}?`);
    expect((await send('anonymous', asFile)).status).toBe(403);

    const readsOf = async (role: Role) =>
      (await eventStore.readStream(`personal-data-reads-${people.get(role)!.sub}`)).map((e) => ({
        ...(e.data as {
          endpoint: string;
          purchaseIds: string[];
          role: string;
          readerId: string;
          readAt: string;
        }),
        actorId: e.metadata.actorId,
      }));
    const adminReads = await readsOf('admin');
    expect(adminReads.map((r) => r.endpoint)).toEqual([
      'GET /api/admin/purchases',
      'GET /api/admin/purchases/:purchaseId',
      'GET /api/admin/invoices',
      'GET /api/accounting/purchases/:purchaseId',
      'GET /api/admin/purchases/:purchaseId',
      'GET /api/purchases/:purchaseId/invoice',
    ]);
    for (const read of adminReads) {
      expect(read).toMatchObject({
        role: 'admin',
        readerId: people.get('admin')!.sub,
        actorId: people.get('admin')!.sub,
      });
      expect(read.purchaseIds).toContain(purchaseId);
      expect(read.readAt >= before).toBe(true);
    }
    expect((await readsOf('accountant')).map((r) => [r.endpoint, r.role, r.purchaseIds])).toEqual([
      ['GET /api/accounting/purchases/:purchaseId', 'accountant', [purchaseId]],
    ]);
    // Nobody else's reads were recorded as staff reads.
    for (const role of ['buyer', 'another buyer', 'uploader'] as const) {
      expect(await readsOf(role)).toEqual([]);
    }
  });

  it('My purchases lists the buyer’s own purchase, and nobody else’s', async () => {
    for (const role of ROLES) {
      const response = await send(role, '/api/user/purchases');
      if (people.get(role) === null) {
        expect(response.status).toBe(401);
        continue;
      }
      expect(response.status).toBe(200);
      const ids = (response.body.items as { id: string }[]).map((item) => item.id);
      expect([role, ids.includes(purchaseId)]).toEqual([role, role === 'buyer']);
    }
  });

  it('the uploader of one line sees that line only: no purchase id, no buyer, nothing of the other line', async () => {
    const expected: Record<Role, number> = {
      anonymous: 401,
      buyer: 403,
      'key holder': 401,
      'another buyer': 403,
      uploader: 200,
      accountant: 200,
      admin: 200,
    };
    for (const role of ROLES) {
      const response = await send(role, `/api/uploaders/${lineUploaderId}/sales?from=2000-01-01`);
      expect([role, response.status]).toEqual([role, expected[role]]);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(purchaseId);
      noSecrets(response.body);
      if (role === 'uploader') {
        expect(text).toContain('Töövõtuleping');
        expect(text).not.toContain('Volikiri');
      }
    }
  });
});
