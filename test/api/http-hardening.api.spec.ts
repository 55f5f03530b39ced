import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { BasketExpiryScheduler } from '../../server/src/commands/basket/basket-expiry.scheduler';
import { signBlobLink } from '../../server/src/infrastructure/blob-store/blob-link-signature';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { OUTBOX } from '../../server/src/infrastructure/infrastructure.module';
import type { OutboxMailer } from '../../server/src/infrastructure/mail/outbox-mailer';
import { READ_STORE, type ReadStore } from '../../server/src/infrastructure/read-store/read-store.port';
import { TestClock } from '../support/test-clock';
import { type TestServer, startTestServer } from '../support/test-server';

const SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

/** JSON nested `depth` arrays deep around `inner`. */
const nested = (depth: number, inner = '1'): string => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** One raw HTTP exchange on a socket: for requests a well-behaved client library would refuse to send. */
function rawExchange(
  url: string,
  requestText: string,
): Promise<{ status: number; head: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(requestText));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
  });
}

/** A JSON request from another loopback address (127.0.0.x), i.e. another client as the server sees it. */
function fromAddress(
  localAddress: string,
  url: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        localAddress,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('HTTP edge (real HTTP): request shape, limits, headers, files at rest', () => {
  const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
  const dataDir = join(tmpdir(), `lepinguturg-hardening-${randomUUID()}`, 'data');
  let server: TestServer;
  let eventStore: EventStore;
  let documentIds: string[];
  const api = () => request(server.url);

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      dataDir,
      env: { BLOB_SIGNING_SECRET: SIGNING_SECRET, ANONYMOUS_WRITES_PER_MINUTE: '30' },
    });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    const { body } = await api().get('/api/documents?limit=50').expect(200);
    documentIds = (body.items as { id: string }[]).map((d) => d.id);
  });
  afterAll(() => server.close());

  describe('JSON bodies are checked for depth before anything parses them (finding 2)', () => {
    it('answers 400 ERROR.JSON_TOO_DEEP, translated, to a 2,000-level body of 4 KB', async () => {
      const before = await eventStore.headPosition();
      const response = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .set('Accept-Language', 'en')
        .send(nested(2000))
        .expect(400);
      expect(response.body).toEqual({
        statusCode: 400,
        code: 'ERROR.JSON_TOO_DEEP',
        message: 'The request is nested too deeply.',
      });
      expect(await eventStore.headPosition()).toBe(before);
    });

    it('refuses a deep value inside a field too, and ignores brackets inside strings', async () => {
      const deep = `{"documentId":${nested(40, '"x"')}}`;
      const { body } = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .send(deep)
        .expect(400);
      expect(body).toMatchObject({
        code: 'ERROR.JSON_TOO_DEEP',
        message: 'Päring on liiga sügavalt pesastatud.',
      });
      const bracketsInText = JSON.stringify({ documentId: `${'['.repeat(500)}` });
      const { body: invalid } = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .send(bracketsInText)
        .expect(400);
      expect(invalid).toMatchObject({ code: 'VALIDATION.FORM_HAS_ERRORS' });
    });
  });

  describe('cheap requests stay cheap (issue 23, point 4)', () => {
    const flatObject = (keys: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

    it('refuses an object of 8,000 keys with 400 ERROR.JSON_TOO_LARGE, translated, before any pipe sees it', async () => {
      const before = await eventStore.headPosition();
      const en = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .set('Accept-Language', 'en')
        .send(flatObject(8000))
        .expect(400);
      expect(en.body).toEqual({
        statusCode: 400,
        code: 'ERROR.JSON_TOO_LARGE',
        message: 'The request has too many fields or list items.',
      });
      const et = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .send(`{"documentId":"${documentIds[0]}","extra":${flatObject(201)}}`)
        .expect(400);
      expect(et.body.message).toBe('Päringus on liiga palju välju või loendi elemente.');
      expect(await eventStore.headPosition()).toBe(before);
    });

    it('refuses an array of more than 1,000 items, and keeps commas inside strings out of the count', async () => {
      const long = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .send(`{"documentId":[${Array.from({ length: 1001 }, () => '0').join(',')}]}`)
        .expect(400);
      expect(long.body.code).toBe('ERROR.JSON_TOO_LARGE');
      const commas = await api()
        .post(`/api/baskets/${randomUUID()}/documents`)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ documentId: ','.repeat(5000) }))
        .expect(400);
      expect(commas.body.code).toBe('VALIDATION.FORM_HAS_ERRORS');
    });

    it('answers an unknown /api path 404 before reading its body, whatever the body is', async () => {
      for (const [type, body] of [
        ['application/json', flatObject(8000)],
        ['application/json', nested(2000)],
        ['text/plain', 'hello'],
      ] as const) {
        const response = await api()
          .post('/api/no-such-thing/here')
          .set('Content-Type', type)
          .set('Accept-Language', 'en')
          .send(body);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ statusCode: 404, code: 'ERROR.NOT_FOUND', message: 'Not found!' });
      }
      await api().get('/api/no-such-thing').expect(404);
    });

    it('drops a request whose Content-Length promises more than it sends: 408 and the connection closed', async () => {
      const started = Date.now();
      const response = await rawExchange(
        server.url,
        `POST /api/baskets/${randomUUID()}/documents HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          'Accept-Language: en\r\nContent-Length: 1000\r\n\r\n{"documentId":',
      );
      expect(response.status).toBe(408);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: 408, code: 'ERROR.REQUEST_TIMEOUT' });
      // Dropped after the idle time (10 s), not after Node's minutes: the test's own 30 s bound would fail first.
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    }, 30_000);
  });

  describe('the JSON API takes only application/json (finding 9)', () => {
    it.each([
      ['a form', 'application/x-www-form-urlencoded', (id: string) => `documentId=${id}`],
      ['plain text', 'text/plain', (id: string) => JSON.stringify({ documentId: id })],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        (id: string) => `--x\r\nContent-Disposition: form-data; name="documentId"\r\n\r\n${id}\r\n--x--\r\n`,
      ],
    ])(
      'answers 415 to %s a cross-site page could send without a preflight, and changes nothing',
      async (_name, type, body) => {
        const basketId = randomUUID();
        const before = await eventStore.headPosition();
        const response = await api()
          .post(`/api/baskets/${basketId}/documents`)
          .set('Content-Type', type)
          .set('Accept-Language', 'en')
          .send(body(documentIds[0]!))
          .expect(415);
        expect(response.body).toEqual({
          statusCode: 415,
          code: 'ERROR.UNSUPPORTED_MEDIA_TYPE',
          message: 'Please send the request as JSON.',
        });
        expect(await eventStore.headPosition()).toBe(before);
      },
    );

    it('takes JSON with a charset, and a body-less DELETE without any type', async () => {
      const basketId = randomUUID();
      await api()
        .post(`/api/baskets/${basketId}/documents`)
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ documentId: documentIds[1] }))
        .expect(200);
      await api().delete(`/api/baskets/${basketId}/documents`).expect(200);
    });
  });

  describe('framework errors answer the one translated error body (finding 12)', () => {
    it('414 for a path parameter over the length limit', async () => {
      const { body } = await api()
        .get(`/api/documents/${'a'.repeat(400)}`)
        .set('Accept-Language', 'en')
        .expect(414);
      expect(body).toEqual({
        statusCode: 414,
        code: 'ERROR.URI_TOO_LONG',
        message: 'The address is too long.',
      });
    });

    it('431 for headers over the limit, in the language the request asked for', async () => {
      const response = await rawExchange(
        server.url,
        `GET /api/documents HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(response.status).toBe(431);
      expect(response.head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(response.body)).toEqual({
        statusCode: 431,
        code: 'ERROR.HEADERS_TOO_LARGE',
        message: 'The request headers are too large.',
      });
    });

    it('400 for a Content-Length that is not a number', async () => {
      const response = await rawExchange(
        server.url,
        'POST /api/baskets/x/documents HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      );
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400, code: 'ERROR.BAD_REQUEST' });
    });

    it('400 BLOB.INVALID_KEY for a validly signed download link whose key names no file', async () => {
      const key = 'documents//secret';
      const expires = String(Math.floor(clock.now().getTime() / 1000) + 3600);
      const signature = signBlobLink(SIGNING_SECRET, key, expires, 'x.pdf');
      const { body } = await api()
        .get(`/api/blobs/${key}?expires=${expires}&name=x.pdf&signature=${signature}`)
        .set('Accept-Language', 'en')
        .expect(400);
      expect(body).toEqual({
        statusCode: 400,
        code: 'BLOB.INVALID_KEY',
        message: 'The download link does not point at a file.',
      });
    });
  });

  describe('security headers (finding 8)', () => {
    it('sends CSP, nosniff and frame denial on the API, the client and the hosted pages; no HSTS over http', async () => {
      for (const path of ['/api/documents', '/', '/oidc/.well-known/openid-configuration']) {
        const response = await api().get(path);
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });
  });

  describe('an Idempotency-Key belongs to one command (finding 11)', () => {
    it('answers a retry with the first result, and 422 when the key comes with another command', async () => {
      const basketId = randomUUID();
      const key = randomUUID();
      const first = await api()
        .post(`/api/baskets/${basketId}/documents`)
        .set('Idempotency-Key', key)
        .send({ documentId: documentIds[2] })
        .expect(200);
      const retry = await api()
        .post(`/api/baskets/${basketId}/documents`)
        .set('Idempotency-Key', key)
        .send({ documentId: documentIds[2] })
        .expect(200);
      expect(retry.body).toEqual(first.body);
      const other = await api()
        .post(`/api/baskets/${basketId}/documents`)
        .set('Idempotency-Key', key)
        .set('Accept-Language', 'en')
        .send({ documentId: documentIds[3] })
        .expect(422);
      expect(other.body).toEqual({
        statusCode: 422,
        code: 'ERROR.IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different request.',
      });
      const { body } = await api().get(`/api/baskets/${basketId}`).expect(200);
      expect((body as { documents: { documentId: string }[] }).documents.map((d) => d.documentId)).toEqual([
        documentIds[2],
      ]);
    });
  });

  describe('anonymous writes cannot grow memory without end (finding 13)', () => {
    const baskets = () => server.app.get<ReadStore>(READ_STORE).collection('baskets');

    it('takes emptied, cleared and expired baskets out of the read store', async () => {
      const [emptied, cleared, expired] = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of [emptied, cleared, expired])
        await api().post(`/api/baskets/${id}/documents`).send({ documentId: documentIds[4] }).expect(200);
      expect(await baskets().count({ _id: { $in: [emptied, cleared, expired] } })).toBe(3);

      await api().delete(`/api/baskets/${emptied}/documents/${documentIds[4]}`).expect(200);
      await api().delete(`/api/baskets/${cleared}/documents`).expect(200);
      clock.advance(61 * 60_000);
      await server.app.get(BasketExpiryScheduler).sweep();
      const { body } = await api().get(`/api/baskets/${expired}`).expect(200);
      expect(body).toMatchObject({ documentCount: 0 });
      expect(await baskets().count({ _id: { $in: [emptied, cleared, expired] } })).toBe(0);
    });

    it('limits anonymous writes per client: 429 with Retry-After after the burst, others unaffected (not the gateway)', async () => {
      clock.advance(5 * 60_000); // a full bucket for everybody
      const url = (id: string) => `${server.url}/api/baskets/${id}/documents`;
      const answers: number[] = [];
      for (let i = 0; i < 31; i++)
        answers.push((await fromAddress('127.0.0.2', url(randomUUID()), 'DELETE')).status);
      expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
      const refused = await fromAddress('127.0.0.2', url(randomUUID()), 'POST', {
        documentId: documentIds[0],
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'ERROR.TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The payment gateway's signed messages are not counted: a forged one is still judged by its MAC.
      const notification = await fromAddress(
        '127.0.0.2',
        `${server.url}/payments/makecommerce/notification`,
        'POST',
        { json: '{"transaction":"x"}', mac: 'forged' },
      );
      expect([notification.status, (notification.body as { code?: string }).code]).toEqual([
        400,
        'PAYMENT.MESSAGE_REJECTED',
      ]);
      // Reading is not limited, nor is another client.
      expect(
        (await fromAddress('127.0.0.2', `${server.url}/api/baskets/${randomUUID()}`, 'GET')).status,
      ).toBe(200);
      expect((await fromAddress('127.0.0.3', url(randomUUID()), 'DELETE')).status).toBe(200);
      // The bucket fills again with time: two seconds give one more write.
      clock.advance(2_000);
      expect((await fromAddress('127.0.0.2', url(randomUUID()), 'DELETE')).status).toBe(200);
    });
  });

  describe('the dev mailbox shows mail only on this machine (finding 5)', () => {
    it('answers a loopback browser, and nobody else: a forwarded request or another address gets 404', async () => {
      await api().get('/api/dev/mailbox').expect(200);
      await api().get('/api/dev/mailbox').set('X-Forwarded-For', '203.0.113.9').expect(404);
      const fastify = server.app.getHttpAdapter().getInstance();
      const remote = await fastify.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
      expect(JSON.parse(remote.body)).toMatchObject({ code: 'ERROR.NOT_FOUND' });
      const page = await fastify.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.9' });
      expect(page.body).not.toContain('Dev mailbox');
    });
  });

  describe('secrets at rest (finding 14)', () => {
    it('keeps the data folder 0700 and the SQLite file, its journal, the signing secret and the mail 0600', async () => {
      await server.app
        .get<OutboxMailer>(OUTBOX)
        .send({ to: 'x@example.ee', subject: 'Kood', text: '123456' });
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'lepinguturg.sqlite'))).toBe(0o600);
      expect(mode(join(dataDir, 'lepinguturg.sqlite-wal'))).toBe(0o600);
      expect(mode(join(dataDir, 'outbox'))).toBe(0o700);
      const [mail] = await server.app.get<OutboxMailer>(OUTBOX).list('x@example.ee');
      expect(mail).toBeDefined();
      const { readdirSync } = await import('node:fs');
      for (const name of readdirSync(join(dataDir, 'outbox')))
        expect(mode(join(dataDir, 'outbox', name))).toBe(0o600);
    });
  });
});

describe('HTTP edge behind https (PUBLIC_URL https://…)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false, env: { PUBLIC_URL: 'https://lepinguturg.example' } });
  });
  afterAll(() => server.close());

  it('sends HSTS, upgrades insecure requests, and sets the sign-in cookies Secure', async () => {
    const response = await request(server.url).get('/api/config').expect(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const authorize = await request(server.url).get(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'lepinguturg-web',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: 'https://lepinguturg.example/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'state-of-at-least-some-length',
      }).toString()}`,
    );
    const cookies = (authorize.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });
});
