import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { BasketExpiryScheduler } from '../../server/src/commands/basket/basket-expiry.scheduler';
import { DEFAULT_FEE_RATES, splitPrice } from '../../server/src/domain/shared/fees';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { TestClock } from '../support/test-clock';
import { type TestServer, startTestServer } from '../support/test-server';

interface Line {
  documentId: string;
  title: string;
  price: number;
  vat: number;
  licenceFee: number;
  serviceFee: number;
}
interface Basket {
  id: string;
  documents: Line[];
  documentCount: number;
  subtotal: number;
  serviceFee: number;
  vat: number;
  total: number;
  activeUntil: string | null;
  confirmed: boolean;
}
interface Summary {
  id: string;
  title: string;
  price: number;
}

describe('Basket API (anonymous basket, real HTTP)', () => {
  const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
  let server: TestServer;
  let paid: Summary[];
  let eventStore: EventStore;
  const api = () => request(server.url);

  beforeAll(async () => {
    server = await startTestServer({ clock });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    const { body } = await api().get('/api/documents?sort=price-desc&limit=50').expect(200);
    paid = (body.items as Summary[]).filter((d) => d.price > 0);
  });
  afterAll(() => server.close());

  const basketOf = async (id: string): Promise<Basket> =>
    (await api().get(`/api/baskets/${id}`).expect(200)).body as Basket;
  const add = (basketId: string, documentId: unknown) =>
    api().post(`/api/baskets/${basketId}/documents`).send({ documentId });
  const head = () => eventStore.headPosition();

  it('reads an unknown basket as empty', async () => {
    expect(await basketOf(randomUUID())).toMatchObject({
      documents: [],
      documentCount: 0,
      subtotal: 0,
      total: 0,
      activeUntil: null,
    });
  });

  it('adds a document with its fee split, valid for one hour, and shows it at once', async () => {
    const basketId = randomUUID();
    const doc = paid[0]!;
    const response = await add(basketId, doc.id).expect(200);
    const split = splitPrice(doc.price, DEFAULT_FEE_RATES);
    // Until the buyer confirms, the cart shows Estonian VAT on the net price, computed on the whole basket.
    const vat = Math.floor((split.licenceFee * 2400 + 5_000) / 10_000);
    expect(response.body).toMatchObject({
      id: basketId,
      documentCount: 1,
      subtotal: split.licenceFee,
      vat,
      serviceFee: split.serviceFee,
      total: split.licenceFee + vat,
      listTotal: doc.price,
      vatTreatment: { treatment: 'domestic', vatCountry: 'EE', rate: 2400, confirmed: false },
      activeUntil: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      confirmed: false,
    });
    const { price, licenceFee, serviceFee } = split;
    expect(response.body.documents[0]).toMatchObject({
      documentId: doc.id,
      title: doc.title,
      price,
      vat: split.vat,
      licenceFee,
      serviceFee,
    });
    expect(await basketOf(basketId)).toEqual(response.body);
  });

  it('sums two documents: subtotal = the net prices, VAT = 24 % of it rounded once, total = subtotal + VAT', async () => {
    const basketId = randomUUID();
    const [a, b] = [paid[1]!, paid[2]!];
    await add(basketId, a.id).expect(200);
    const { body } = await add(basketId, b.id).expect(200);
    const [sa, sb] = [splitPrice(a.price, DEFAULT_FEE_RATES), splitPrice(b.price, DEFAULT_FEE_RATES)];
    const subtotal = sa.licenceFee + sb.licenceFee;
    const vat = Math.floor((subtotal * 2400 + 5_000) / 10_000);
    expect(body).toMatchObject({
      documentCount: 2,
      subtotal,
      vat,
      total: subtotal + vat,
      listTotal: a.price + b.price,
      serviceFee: sa.serviceFee + sb.serviceFee,
    });
  });

  it('refuses the same document twice with an info code, and records nothing', async () => {
    const basketId = randomUUID();
    const doc = paid[3]!;
    await add(basketId, doc.id).expect(200);
    const before = await head();
    const { body } = await add(basketId, doc.id).set('Accept-Language', 'en').expect(409);
    expect(body).toEqual({
      statusCode: 409,
      code: 'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET',
      message: 'This document is already in the basket!',
    });
    expect(await head()).toBe(before);
    expect((await basketOf(basketId)).documentCount).toBe(1);
  });

  it('removes one document and clears the rest', async () => {
    const basketId = randomUUID();
    const [a, b] = [paid[4]!, paid[5]!];
    await add(basketId, a.id).expect(200);
    await add(basketId, b.id).expect(200);
    const removed = await api().delete(`/api/baskets/${basketId}/documents/${a.id}`).expect(200);
    expect(removed.body).toMatchObject({
      documentCount: 1,
      subtotal: splitPrice(b.price, DEFAULT_FEE_RATES).licenceFee,
      listTotal: b.price,
    });
    expect((removed.body as Basket).documents.map((l) => l.documentId)).toEqual([b.id]);
    const cleared = await api().delete(`/api/baskets/${basketId}/documents`).expect(200);
    expect(cleared.body).toMatchObject({ documentCount: 0, subtotal: 0, total: 0, activeUntil: null });
    const before = await head();
    await api().delete(`/api/baskets/${basketId}/documents`).expect(200);
    expect(await head()).toBe(before);
  });

  it('refuses to remove a document that is not in the basket', async () => {
    const { body } = await api().delete(`/api/baskets/${randomUUID()}/documents/${paid[0]!.id}`).expect(404);
    expect(body).toMatchObject({
      code: 'SHOPPING_CART.DOCUMENT_NOT_IN_BASKET',
      message: 'Seda dokumenti ei ole ostukorvis.',
    });
  });

  it('empties the basket after one hour, records the expiry, and lets the buyer start again', async () => {
    const basketId = randomUUID();
    const doc = paid[6]!;
    await add(basketId, doc.id).expect(200);
    clock.advance(59 * 60_000);
    expect((await basketOf(basketId)).documentCount).toBe(1);
    clock.advance(2 * 60_000);
    expect((await basketOf(basketId)).documentCount).toBe(0);

    const expired = await server.app.get(BasketExpiryScheduler).sweep();
    expect(expired).toBeGreaterThanOrEqual(1);
    const stream = await eventStore.readStream(`basket-${basketId}`);
    expect(stream.map((e) => e.type)).toEqual(['BasketDocumentAdded', 'BasketExpired']);

    const again = await add(basketId, doc.id).expect(200);
    expect(again.body.documentCount).toBe(1);
  });

  it('applies a retried request with the same Idempotency-Key once', async () => {
    const basketId = randomUUID();
    const key = randomUUID();
    const doc = paid[7]!;
    const first = await add(basketId, doc.id).set('Idempotency-Key', key).expect(200);
    const retry = await add(basketId, doc.id).set('Idempotency-Key', key).expect(200);
    expect(retry.body).toEqual(first.body);
    expect(await eventStore.readStream(`basket-${basketId}`)).toHaveLength(1);
  });

  it('never loses or duplicates a line when adds race on one basket', async () => {
    const basketId = randomUUID();
    const docs = paid.slice(8, 13);
    const responses = await Promise.all(docs.map((d) => add(basketId, d.id)));
    for (const r of responses) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.code).toBe('ERROR.CONCURRENT_CHANGE');
    }
    const accepted = docs.filter((_, i) => responses[i]!.status === 200).map((d) => d.id);
    const basket = await basketOf(basketId);
    expect(basket.documents.map((l) => l.documentId).sort()).toEqual(accepted.sort());
  });

  describe('bad input is refused and changes nothing', () => {
    it.each([
      [
        'a basket id that is not a UUID',
        '/api/baskets/not-a-uuid/documents',
        { documentId: randomUUID() },
        400,
        'VALIDATION.INVALID_ID',
      ],
      ['a missing document id', null, {}, 400, 'VALIDATION.FORM_HAS_ERRORS'],
      ['a document id of the wrong type', null, { documentId: 12345 }, 400, 'VALIDATION.FORM_HAS_ERRORS'],
      ['a malformed document id', null, { documentId: 'abc' }, 400, 'VALIDATION.FORM_HAS_ERRORS'],
      ['an unknown document', null, { documentId: randomUUID() }, 404, 'DOCUMENT.NOT_FOUND'],
    ])('%s', async (_, path, body, status, code) => {
      const basketId = randomUUID();
      const before = await head();
      const response = await api()
        .post(path ?? `/api/baskets/${basketId}/documents`)
        .send(body)
        .expect(status);
      expect(response.body.code).toBe(code);
      expect(typeof response.body.message).toBe('string');
      expect(await head()).toBe(before);
    });

    it('names the wrong field in the validation message', async () => {
      const { body } = await add(randomUUID(), undefined).set('Accept-Language', 'en').expect(400);
      expect(body.errors).toEqual({ documentId: ['Field is required'] });
    });

    it('refuses a body that is not JSON, and one that is too large', async () => {
      const basketId = randomUUID();
      const before = await head();
      const broken = await api()
        .post(`/api/baskets/${basketId}/documents`)
        .set('Content-Type', 'application/json')
        .send('{"documentId": ')
        .expect(400);
      expect(broken.body.code).toBe('ERROR.BAD_REQUEST');
      const huge = await api()
        .post(`/api/baskets/${basketId}/documents`)
        .send({ documentId: randomUUID(), padding: 'x'.repeat(200_000) })
        .expect(413);
      expect(huge.body.code).toBe('ERROR.PAYLOAD_TOO_LARGE');
      expect(await head()).toBe(before);
    });

    it('refuses an Idempotency-Key that is not a short token', async () => {
      const { body } = await add(randomUUID(), paid[0]!.id)
        .set('Idempotency-Key', 'x'.repeat(101))
        .expect(400);
      expect(body.code).toBe('VALIDATION.INVALID_IDEMPOTENCY_KEY');
    });
  });
});
