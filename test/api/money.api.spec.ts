import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { nextTarget2BusinessDay } from '../../server/src/domain/payout/target2-calendar';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import type {
  JournalPage,
  ReconciliationReport,
  SalesSummary,
} from '../../server/src/queries/money/money.views';
import { writePurchase } from '../support/money-fixture';
import { aProfileForm } from '../support/profile-form';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

interface Person {
  readonly sub: string;
  readonly email: string;
}

const DAY_MS = 86_400_000;
const yesterdayOf = (day: string) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const BOSS: Person = { sub: randomUUID(), email: 'boss@example.ee' };
const EE_IBAN = 'EE382200221020145685';

describe('Money API: sales, payouts, the audit (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const api = () => request(server.url);
  const bearer = async (p: Person) => `Bearer ${await issuer.idToken({ sub: p.sub, email: p.email })}`;
  const get = async (p: Person, path: string, language = 'en') =>
    api()
      .get(path)
      .set('Authorization', await bearer(p))
      .set('Accept-Language', language);
  const post = async (p: Person, path: string, body: object, language = 'en') =>
    api()
      .post(path)
      .set('Authorization', await bearer(p))
      .set('Accept-Language', language)
      .send(body);
  const signUp = async (firstName: string, lastName: string): Promise<Person> => {
    const person = { sub: randomUUID(), email: `${randomUUID()}@example.ee` };
    await api()
      .post('/api/user/update')
      .set('Authorization', await bearer(person))
      .send(aProfileForm({ firstName, lastName, acceptTerms: true }))
      .expect(200);
    return person;
  };
  const requestPayout = (p: Person, body: object, language = 'en') =>
    post(
      p,
      `/api/uploaders/${p.sub}/payouts`,
      { iban: EE_IBAN, accountHolderDeclared: true, ...body },
      language,
    );
  const available = async (p: Person): Promise<number> =>
    ((await get(p, `/api/uploaders/${p.sub}/payout-request`)).body as { balance: { available: number } })
      .balance.available;
  /** Waits until the read models have caught up with everything written so far. */
  const caughtUp = async () => {
    const runner = server.app.get(
      (await import('../../server/src/projections/projection-runner')).ProjectionRunner,
    );
    await runner.waitFor(await eventStore.headPosition());
  };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ seed: false, env: { ...issuer.env, ADMIN_EMAILS: BOSS.email } });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    await api()
      .post('/api/user/update')
      .set('Authorization', await bearer(BOSS))
      .send(aProfileForm({ firstName: 'Ülle', lastName: 'Ülemus', acceptTerms: true }))
      .expect(200);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  describe('My sales', () => {
    it('shows the period’s totals, the fee split, documents, downloads and the balance with release dates', async () => {
      const kadri = await signUp('Kadri', 'Tamm');
      const now = Date.now();
      const old = await writePurchase(
        eventStore,
        [{ uploaderId: kadri.sub, price: 1240, title: 'Tööleping' }],
        { paidAt: new Date(now - 20 * DAY_MS), downloaded: true },
      );
      const shared = await writePurchase(
        eventStore,
        [
          { uploaderId: kadri.sub, price: 2480, title: 'Üürileping' },
          { uploaderId: randomUUID(), price: 1000, title: 'Someone else’s' },
        ],
        { paidAt: new Date(now - 2 * DAY_MS) },
      );
      await writePurchase(eventStore, [{ uploaderId: kadri.sub, price: 5000 }], { paid: false });
      await caughtUp();

      const response = await get(kadri, `/api/uploaders/${kadri.sub}/sales?from=2000-01-01`);
      expect(response.status).toBe(200);
      const summary = response.body as SalesSummary;
      // 12.40 €: VAT 2.40, licence fee 10.00, service fee 2.00, earned 8.00; 24.80 € twice that.
      expect(summary.totals).toEqual({
        purchased: 3000,
        serviceFees: 600,
        vat: 720,
        earned: 2400,
        pending: 0,
        paidOut: 0,
        transferFees: 0,
        documentsSold: 2,
        documentsRefunded: 0,
        downloads: 1,
      });
      expect(summary.balance).toMatchObject({ available: 800, held: 1600, owed: 2400, holdDays: 14 });
      // Held for 14 days after the payment.
      expect(summary.balance.releases).toEqual([
        { releasedAt: new Date(now - 2 * DAY_MS + 14 * DAY_MS).toISOString(), amount: 1600 },
      ]);
      expect(summary.documents.map((d) => [d.title, d.sold, d.downloads, d.earned])).toEqual([
        ['Üürileping', 1, 0, 1600],
        ['Tööleping', 1, 1, 800],
      ]);
      expect(summary.downloads).toEqual([
        expect.objectContaining({
          documentTitle: 'Tööleping',
          fileTitle: 'Tööleping (põhifail)',
          amount: 800,
        }),
      ]);
      expect(summary.sales[1]).toMatchObject({
        documentId: expect.any(String),
        title: 'Tööleping',
        price: 1240,
        vat: 240,
        licenceFee: 1000,
        serviceFee: 200,
        earned: 800,
      });
      // Her own lines only: no purchase id (it named the buyer's purchase for anybody to open), nothing of
      // the buyer, nothing of the other uploader's line bought in the same basket.
      const answer = JSON.stringify(response.body);
      for (const secret of [
        old.purchaseId,
        shared.purchaseId,
        'Someone else’s',
        'Ostja',
        'ostja@example.ee',
      ]) {
        expect(answer).not.toContain(secret);
      }
      expect(summary.sales.every((sale) => !('purchaseId' in sale))).toBe(true);
    });

    it('answers 403 for another uploader’s sales, and lets admins and accountants read them', async () => {
      const owner = await signUp('Martin', 'Kask');
      const stranger = await signUp('Liis', 'Saar');
      for (const path of ['sales', 'payouts', 'payout-request']) {
        const response = await get(stranger, `/api/uploaders/${owner.sub}/${path}`, 'et');
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({
          code: 'SALES.NOT_OWNER',
          message: 'Näete ainult oma müüki ja väljamakseid.',
        });
      }
      const foreign = await post(stranger, `/api/uploaders/${owner.sub}/payouts`, {
        iban: EE_IBAN,
        accountHolder: 'Martin Kask',
        accountHolderDeclared: true,
        amount: 5000,
      });
      expect(foreign.status).toBe(403);
      expect((await get(BOSS, `/api/uploaders/${owner.sub}/sales`)).status).toBe(200);

      const accountant = await signUp('Anu', 'Arvepidaja');
      expect((await get(accountant, '/api/accounting/journal')).body.code).toBe('ERROR.ACCOUNTANT_ONLY');
      const granted = await api()
        .put(`/api/admin/users/${accountant.sub}/accountant`)
        .set('Authorization', await bearer(BOSS))
        .send({ isAccountant: true });
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({ isAccountant: true, isAdmin: false });
      expect((await get(accountant, '/api/user/read')).body).toMatchObject({ isAccountant: true });
      expect((await get(accountant, `/api/uploaders/${owner.sub}/sales`)).status).toBe(200);
      expect((await get(accountant, '/api/accounting/journal')).status).toBe(200);
      // Read-only: no payout may be requested for someone else, and the admin screens stay closed.
      expect(
        (
          await post(accountant, `/api/uploaders/${owner.sub}/payouts`, {
            iban: EE_IBAN,
            accountHolder: 'Martin Kask',
            amount: 5000,
          })
        ).status,
      ).toBe(403);
      expect((await get(accountant, '/api/admin/payouts')).body.code).toBe('ERROR.ADMIN_ONLY');
      const revoked = await api()
        .put(`/api/admin/users/${accountant.sub}/accountant`)
        .set('Authorization', await bearer(BOSS))
        .send({ isAccountant: false });
      expect(revoked.body.isAccountant).toBe(false);
      expect((await get(accountant, '/api/accounting/journal')).status).toBe(403);
    });
  });

  describe('Payout request', () => {
    let uploader: Person;
    beforeAll(async () => {
      uploader = await signUp('Andres', 'Mägi');
      await writePurchase(eventStore, [
        { uploaderId: uploader.sub, price: 100_000 },
        { uploaderId: uploader.sub, price: 100_000 },
      ]);
      await caughtUp();
    });

    it('refuses an IBAN with a wrong checksum as "Invalid IBAN", in both languages', async () => {
      const en = await requestPayout(uploader, {
        iban: 'EE392200221020145685',
        accountHolder: 'Andres Mägi',
        amount: 5000,
      });
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({
        code: 'VALIDATION.FORM_HAS_ERRORS',
        errors: { iban: ['Invalid IBAN'] },
      });
      const et = await requestPayout(
        uploader,
        { iban: 'EE392200221020145685', accountHolder: 'Andres Mägi', amount: 5000 },
        'et',
      );
      expect(et.body.errors).toEqual({ iban: ['Vigane IBAN'] });
    });

    it('refuses a valid IBAN outside the SEPA area', async () => {
      const response = await requestPayout(uploader, {
        iban: 'TR33 0006 1005 1978 6457 8413 26',
        accountHolder: 'Andres Mägi',
        amount: 5000,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ iban: ['Invalid IBAN: the account must be in the SEPA area'] });
    });

    it('takes the account holder on the uploader’s word, which they must give, and writes it as the bank file will', async () => {
      const undeclared = await requestPayout(
        uploader,
        { accountHolder: 'Andres Mägi', accountHolderDeclared: false, amount: 5000 },
        'et',
      );
      expect(undeclared.status).toBe(400);
      expect(undeclared.body.errors).toEqual({
        accountHolderDeclared: ['Kinnitage, et konto on teie nimel'],
      });
      const before = await available(uploader);
      // Another name than the profile's: nobody can check whose account it is, so none is compared.
      const accepted = await requestPayout(uploader, { accountHolder: 'MÄGI ANDRES', amount: 5000 });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({
        accountHolder: 'MÄGI ANDRES',
        accountHolderLatin: 'MAGI ANDRES',
        accountHolderCheck: 'declared-by-uploader',
        amount: 5000,
        transferFee: 0,
        netAmount: 5000,
        status: 'requested',
        iban: EE_IBAN,
        batch: null,
      });
      expect(await available(uploader)).toBe(before - 5000);
    });

    it('refuses, when the uploader enters it, a holder’s name a bank transfer cannot carry, in both languages', async () => {
      const head = await eventStore.headPosition();
      const en = await requestPayout(uploader, { accountHolder: '王小明', amount: 5000 });
      expect(en.status).toBe(400);
      expect(en.body.errors).toEqual({
        accountHolder: [
          'Write the name in Latin letters, as your bank writes it: a bank transfer cannot carry these characters',
        ],
      });
      const et = await requestPayout(uploader, { accountHolder: '王小明', amount: 5000 }, 'et');
      expect(et.body.errors.accountHolder[0]).toMatch(/^Kirjutage nimi ladina tähtedega/);
      expect(await eventStore.headPosition()).toBe(head);
      const greek = await requestPayout(uploader, {
        accountHolder: 'Ευάγγελος Ευθυμίου',
        iban: 'GR16 0110 1250 0000 0001 2300 695',
        amount: 5000,
      });
      expect(greek.status).toBe(201);
      expect(greek.body.accountHolderLatin).toBe('Evangelos Efthymiou');
    });

    it('decides the 30 € transfer fee on the licence fees available when asked, and says so before', async () => {
      // 186.00 € paid: 150.00 € licence fee, 120.00 € after the service fee: 150 € or less, so 30 €.
      const small = await signUp('Siim', 'Väike');
      await writePurchase(eventStore, [{ uploaderId: small.sub, price: 18_600 }]);
      // 447.60 € paid: 360.97 € licence fee, 288.78 € after the service fee: more than 150 €, so none.
      const large = await signUp('Laura', 'Suur');
      await writePurchase(eventStore, [{ uploaderId: large.sub, price: 44_760 }]);
      await caughtUp();
      const info = async (p: Person) =>
        (await get(p, `/api/uploaders/${p.sub}/payout-request`)).body as {
          balance: { available: number };
          transferFee: number;
        };
      expect(await info(small)).toMatchObject({ balance: { available: 12_000 }, transferFee: 3_000 });
      expect(await info(large)).toMatchObject({ balance: { available: 28_878 }, transferFee: 0 });
      const smallPayout = await requestPayout(small, { accountHolder: 'Siim Väike', amount: 12_000 });
      expect([smallPayout.body.transferFee, smallPayout.body.netAmount]).toEqual([3_000, 9_000]);
      // Taking out 150 € of 288.78 € pays no fee (before, the fee looked at the 150 € taken out).
      const largePayout = await requestPayout(large, { accountHolder: 'Laura Suur', amount: 15_000 });
      expect([largePayout.body.transferFee, largePayout.body.netAmount]).toEqual([0, 15_000]);
      // The rest, 138.78 € available now, is 150 € or less: that payout pays the fee.
      expect(await info(large)).toMatchObject({ balance: { available: 13_878 }, transferFee: 3_000 });
    });

    it('checks a request before the uploader confirms it, by the same rules, and records nothing', async () => {
      const check = (body: object, language = 'en') =>
        post(
          uploader,
          `/api/uploaders/${uploader.sub}/payouts/check`,
          { iban: EE_IBAN, accountHolderDeclared: true, ...body },
          language,
        );
      const head = await eventStore.headPosition();
      const before = await available(uploader);
      const bad = await check({ iban: 'EE392200221020145685', accountHolder: '王小明', amount: 5000 }, 'et');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors as object).sort()).toEqual(['accountHolder', 'iban']);
      expect(bad.body.errors.iban).toEqual(['Vigane IBAN']);
      const tooMuch = await check({ accountHolder: 'Andres Mägi', amount: before + 1 });
      expect(tooMuch).toMatchObject({ status: 422, body: { code: 'PAYOUT.AMOUNT_ABOVE_AVAILABLE' } });
      const good = await check({
        iban: 'ee38 2200 2210 2014 5685',
        accountHolder: 'Mägi  Andres',
        amount: 5000,
      });
      expect(good.status).toBe(200);
      expect(good.body).toEqual({
        iban: 'EE382200221020145685',
        accountHolder: 'Mägi Andres',
        accountHolderLatin: 'Magi Andres',
        amount: 5000,
        transferFee: 0,
        netAmount: 5000,
      });
      expect(await eventStore.headPosition()).toBe(head);
      expect(await available(uploader)).toBe(before);
    });

    it('refuses a payout over the available balance, and changes nothing', async () => {
      const before = await available(uploader);
      const head = await eventStore.headPosition();
      const response = await requestPayout(uploader, { accountHolder: 'Andres Mägi', amount: before + 1 });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        code: 'PAYOUT.AMOUNT_ABOVE_AVAILABLE',
        message: 'The amount is larger than the amount available for payout.',
      });
      expect(await eventStore.headPosition()).toBe(head);
    });

    it('lets exactly one of several simultaneous requests draw the same money', async () => {
      const person = await signUp('Piret', 'Paralleel');
      await writePurchase(eventStore, [{ uploaderId: person.sub, price: 100_000 }]);
      await caughtUp();
      const balance = await available(person);
      const amount = Math.ceil(balance * 0.6);
      // The embedded store answers synchronously, so on its own one request finishes before the next one
      // reads; a production store answers over the network. Reads get a network's latency here, so the six
      // requests all read the same balance and race to append at the same stream revision.
      const readStream = eventStore.readStream.bind(eventStore);
      eventStore.readStream = async (streamId) => {
        const events = await readStream(streamId);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return events;
      };
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => requestPayout(person, { accountHolder: 'Piret Paralleel', amount })),
      ).finally(() => {
        eventStore.readStream = readStream;
      });
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const r of responses.filter((r) => r.status !== 201))
        expect(['ERROR.CONCURRENT_CHANGE', 'PAYOUT.AMOUNT_ABOVE_AVAILABLE']).toContain(r.body.code);
      // The race really happened: at least one request lost on the stream revision, not on the balance.
      expect(responses.some((r) => r.body.code === 'ERROR.CONCURRENT_CHANGE')).toBe(true);
      expect(await available(person)).toBe(balance - amount);
      const mine = await get(person, `/api/uploaders/${person.sub}/payouts`);
      expect(mine.body.total).toBe(1);
    });
  });

  describe('Admin payouts, the payout files and the accountant’s audit', () => {
    /** The first TARGET2 business day from today (Tallinn), as a bank would take the file. */
    const businessDay = () => nextTarget2BusinessDay(ledgerDay(new Date().toISOString()));
    const exportFile = (payoutIds: string[], body: object = {}) =>
      post(BOSS, '/api/admin/payouts/sepa', { payoutIds, executionDate: businessDay(), ...body });
    const twoPayouts = async (first: [string, string], second: [string, string]) => {
      const a = await signUp(...first);
      const b = await signUp(...second);
      await writePurchase(eventStore, [
        { uploaderId: a.sub, price: 50_000 },
        { uploaderId: b.sub, price: 50_000 },
      ]);
      await caughtUp();
      const pa = await requestPayout(a, { accountHolder: first.join(' '), amount: 20_000 });
      const pb = await requestPayout(b, { accountHolder: second.join(' '), amount: 10_000 });
      expect([pa.status, pb.status]).toEqual([201, 201]);
      return { a, b, pa: pa.body as { id: string }, pb: pb.body as { id: string } };
    };

    it('records an exported file as a batch; the same payouts give the same file, and none goes into another file', async () => {
      const { pa, pb } = await twoPayouts(['Mari', 'Maasikas'], ['Jüri', 'Juurikas']);
      const requested = (await get(BOSS, '/api/admin/payouts?status=requested&limit=200')).body as {
        items: { id: string }[];
      };
      expect(requested.items.map((p) => p.id)).toEqual(expect.arrayContaining([pa.id, pb.id]));
      const sepa = await exportFile([pa.id, pb.id]);
      expect(sepa.status).toBe(200);
      expect(sepa.headers['content-type']).toMatch(/application\/xml/);
      expect(sepa.headers['x-sepa-count']).toBe('2');
      expect(sepa.headers['x-sepa-control-sum']).toBe(String(20_000 + 10_000));
      const messageId = sepa.headers['x-sepa-message-id'] as string;
      expect(messageId).toMatch(/^LTP-\d{8}-\d{6}$/);
      expect(sepa.text).toContain(`<MsgId>${messageId}</MsgId>`);
      expect(sepa.text).toContain('<CtrlSum>300.00</CtrlSum>');
      expect(sepa.text).toContain('<Nm>Juri Juurikas</Nm>');
      expect(sepa.text).toContain(`<ReqdExctnDt><Dt>${businessDay()}</Dt></ReqdExctnDt>`);
      const batchId = sepa.headers['x-payout-batch-id'] as string;

      // The same payouts again (a second click, a lost download): the same bytes, the same MsgId.
      const again = await exportFile([pb.id, pa.id]);
      expect(again.status).toBe(200);
      expect(again.text).toBe(sepa.text);
      expect(again.headers['x-payout-batch-id']).toBe(batchId);
      const download = await get(BOSS, `/api/admin/payout-batches/${batchId}/file`);
      expect(download.text).toBe(sepa.text);
      // Any of them in another file: refused, naming the open file; the older format too.
      const other = await exportFile([pa.id], { format: 'pain.001.001.03' });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({
        code: 'PAYOUT.IN_EXPORTED_BATCH',
        errors: {
          payoutIds: [
            `A chosen payout is already in the payout file ${messageId}, which is not executed yet: it cannot go into another file.`,
          ],
        },
      });

      const batches = await get(BOSS, '/api/admin/payout-batches?status=exported');
      const batch = (batches.body as { items: { id: string }[] }).items.find((b) => b.id === batchId);
      expect(batch).toMatchObject({
        messageId,
        status: 'exported',
        count: 2,
        controlSum: 30_000,
        executionDate: businessDay(),
        exportedBy: BOSS.sub,
        payouts: [
          expect.objectContaining({ payoutId: pa.id, status: 'exported', creditorName: 'Mari Maasikas' }),
          expect.objectContaining({ payoutId: pb.id, status: 'exported', creditorName: 'Juri Juurikas' }),
        ],
      });
      expect((await get(BOSS, `/api/admin/payouts/${pa.id}`)).body.batch).toEqual({
        batchId,
        messageId,
        status: 'exported',
      });
      expect((await get(pa as never, '/api/admin/payout-batches')).status).toBe(401);
    });

    it('takes only a TARGET2 business day, today or later, as the requested execution date', async () => {
      const { pa } = await twoPayouts(['Kaie', 'Kuupäev'], ['Toomas', 'Tähtaeg']);
      const today = ledgerDay(new Date().toISOString());
      let saturday = today;
      while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6)
        saturday = new Date(Date.parse(`${saturday}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      const monday = new Date(Date.parse(`${saturday}T12:00:00Z`) + 2 * DAY_MS).toISOString().slice(0, 10);
      const head = await eventStore.headPosition();
      const weekend = await exportFile([pa.id], { executionDate: saturday });
      expect(weekend.status).toBe(400);
      expect(weekend.body.errors).toEqual({
        executionDate: [
          `Banks do not execute SEPA transfers on that day (TARGET2 is closed: Saturday); the next business day is ${monday}`,
        ],
      });
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      const past = await exportFile([pa.id], { executionDate: yesterday });
      expect(past.body.errors).toEqual({
        executionDate: [`The execution date cannot be in the past (today is ${today})`],
      });
      // The next Christmas Day on a weekday (on a Saturday or Sunday TARGET2 is closed anyway).
      let year = Number(today.slice(0, 4)) + 1;
      while ([0, 6].includes(new Date(`${year}-12-25T12:00:00Z`).getUTCDay())) year += 1;
      const christmas = await post(
        BOSS,
        '/api/admin/payouts/sepa',
        { payoutIds: [pa.id], executionDate: `${year}-12-25` },
        'et',
      );
      expect(christmas.body.errors.executionDate[0]).toMatch(
        /^Pangad ei täida sel päeval SEPA ülekandeid \(TARGET2 on suletud: esimene jõulupüha\)/,
      );
      expect(await eventStore.headPosition()).toBe(head);
    });

    it('asks before rejecting a payout whose file may be at the bank, records the confirmation with the batch, and pays the rest of the batch', async () => {
      const { a, b, pa, pb } = await twoPayouts(['Piia', 'Pank'], ['Rein', 'Tagasi']);
      const sepa = await exportFile([pa.id, pb.id]);
      const batchId = sepa.headers['x-payout-batch-id'] as string;
      const messageId = sepa.headers['x-sepa-message-id'] as string;
      const before = await available(b);

      const unconfirmed = await post(BOSS, `/api/admin/payouts/${pb.id}/reject`, {
        reason: 'The bank returned it',
      });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body).toMatchObject({
        code: 'PAYOUT.IN_EXPORTED_BATCH_CONFIRM',
        errors: {
          bankDidNotPayConfirmed: [
            `This payout is in the payout file ${messageId}, which may already be at the bank. Reject it only if the bank did not pay it, and confirm that.`,
          ],
        },
      });
      expect(await available(b)).toBe(before);

      const rejected = await post(BOSS, `/api/admin/payouts/${pb.id}/reject`, {
        reason: 'The bank returned it',
        bankDidNotPayConfirmed: true,
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        reason: 'The bank returned it',
        rejectedBy: BOSS.sub,
        batch: { batchId, messageId, status: 'withdrawn' },
      });
      expect(await available(b)).toBe(before + 10_000);
      const batch = (await get(BOSS, `/api/admin/payout-batches/${batchId}`)).body;
      expect(batch.payouts[1]).toMatchObject({
        payoutId: pb.id,
        status: 'withdrawn',
        withdrawal: { reason: 'The bank returned it', by: BOSS.sub, bankDidNotPayConfirmed: true },
      });
      // A rejected payout goes into no file; the other stays in its open batch, whose file (which holds the
      // rejected one too) is no longer handed out as an export.
      expect((await exportFile([pb.id])).body.code).toBe('PAYOUT.NOT_REQUESTED');
      expect((await exportFile([pa.id])).body.code).toBe('PAYOUT.IN_EXPORTED_BATCH');
      expect((await exportFile([pa.id, pb.id])).body.code).toBe('PAYOUT.IN_EXPORTED_BATCH');

      // The bank executed the file: the admin marks the whole batch executed.
      const today = ledgerDay(new Date().toISOString());
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
      const future = await post(BOSS, `/api/admin/payout-batches/${batchId}/execute`, {
        executionDate: tomorrow,
      });
      expect(future.body.errors).toEqual({ executionDate: ['The payout date cannot be in the future'] });
      const executed = await post(BOSS, `/api/admin/payout-batches/${batchId}/execute`, {
        executionDate: today,
      });
      expect(executed.status).toBe(200);
      expect(executed.body).toMatchObject({
        status: 'executed',
        executedOn: today,
        executedBy: BOSS.sub,
        payouts: [
          expect.objectContaining({ payoutId: pa.id, status: 'executed' }),
          expect.objectContaining({ payoutId: pb.id, status: 'withdrawn' }),
        ],
      });
      // The same mark again is answered as it stands; another date is refused.
      const again = await post(BOSS, `/api/admin/payout-batches/${batchId}/execute`, {
        executionDate: today,
      });
      expect([again.status, again.body.executedOn]).toEqual([200, today]);
      const otherDay = await post(BOSS, `/api/admin/payout-batches/${batchId}/execute`, {
        executionDate: yesterdayOf(today),
      });
      expect([otherDay.status, otherDay.body.code]).toEqual([409, 'PAYOUT_BATCH.ALREADY_EXECUTED']);
      expect(
        (
          await post(BOSS, `/api/admin/payouts/${pa.id}/reject`, {
            reason: 'Too late',
            bankDidNotPayConfirmed: true,
          })
        ).body.code,
      ).toBe('PAYOUT.ALREADY_EXECUTED');
      const mine = await get(a, `/api/uploaders/${a.sub}/payouts`);
      expect(mine.body.items[0]).toMatchObject({
        id: pa.id,
        status: 'executed',
        executionDate: today,
        iban: EE_IBAN,
        batch: { batchId, messageId, status: 'executed' },
      });

      // The journal: every money event with its id, stream, position, time and actor.
      const journal = await get(BOSS, `/api/accounting/journal?payoutId=${pa.id}`);
      expect((journal.body as JournalPage).items.map((r) => r.event.eventType)).toEqual([
        'PayoutRequested',
        'PayoutExecuted',
      ]);
      expect(journal.body.items[1].event).toMatchObject({
        streamId: `payouts-${a.sub}`,
        actorId: BOSS.sub,
        eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        position: expect.stringMatching(/^\d+$/),
      });
      const paidOnly = (await get(BOSS, '/api/accounting/journal?group=payouts-paid')).body as JournalPage;
      expect(paidOnly.total).toBeGreaterThan(0);
      expect(new Set(paidOnly.items.map((r) => r.event.eventType))).toEqual(new Set(['PayoutExecuted']));
      const report = await get(BOSS, `/api/accounting/report?from=2000-01-01&to=${today}`);
      expect(report.body.balances).toBe(true);
      const line = (section: string, key: string) =>
        (report.body as ReconciliationReport).sections
          .find((s) => s.key === section)!
          .lines.find((l) => l.key === key)!.amount;
      expect(line('PAYOUTS', 'PAID_OUT')).toBeGreaterThanOrEqual(20_000);
      const csv = await get(BOSS, `/api/accounting/report.csv?from=2000-01-01&to=${today}`);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      // UTF-8 with the byte order mark Excel needs; in English as before, in Estonian `;` and the decimal comma.
      expect(csv.text.startsWith('\ufeff')).toBe(true);
      expect(csv.text.slice(1).split('\r\n')[0]).toBe('from,to,section,line,amount_eur,balances');
      expect(csv.text).toContain(',PAYMENTS,CHECK,0.00,yes');
      const estonian = await get(BOSS, `/api/accounting/report.csv?from=2000-01-01&to=${today}`, 'et');
      expect(estonian.text.startsWith('\ufeff')).toBe(true);
      expect(estonian.text.slice(1).split('\r\n')[0]).toBe('from;to;section;line;amount_eur;balances');
      expect(estonian.text).toContain(';PAYMENTS;CHECK;0,00;yes');
      const paidOut = `;PAYOUTS;PAID_OUT;${(line('PAYOUTS', 'PAID_OUT') / 100).toFixed(2).replace('.', ',')};`;
      expect(estonian.text).toContain(paidOut);
    });

    it('lets exactly one of two racing exports take a payout, and never exports one that is rejected at the same moment', async () => {
      const { pa, pb } = await twoPayouts(['Rita', 'Võidujooks'], ['Ott', 'Samaaegne']);
      const [first, second] = await Promise.all([exportFile([pa.id]), exportFile([pa.id, pb.id])]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(['ERROR.CONCURRENT_CHANGE', 'PAYOUT.IN_EXPORTED_BATCH']).toContain(loser.body.code);

      const { pa: pc } = await twoPayouts(['Mart', 'Mõlemad'], ['Evi', 'Korraga']);
      const [exported, rejected] = await Promise.all([
        exportFile([pc.id]),
        post(BOSS, `/api/admin/payouts/${pc.id}/reject`, { reason: 'Wrong account' }),
      ]);
      // Either the file holds it and the rejection asked for the bank's word, or it was rejected and no file holds it.
      const batches = (await get(BOSS, '/api/admin/payout-batches?limit=200')).body as {
        items: { payouts: { payoutId: string; status: string }[] }[];
      };
      const inFile = batches.items.some((b) =>
        b.payouts.some((p) => p.payoutId === pc.id && p.status === 'exported'),
      );
      const payout = (await get(BOSS, `/api/admin/payouts/${pc.id}`)).body as { status: string };
      expect(inFile && payout.status === 'rejected').toBe(false);
      expect([exported.status, rejected.status]).toContain(200);
    });
  });

  describe('An unbalanced posting', () => {
    it('stops the ledger at that event, loudly, while the other read models go on', async () => {
      const other = await startTestServer({ seed: false, env: { ...issuer.env, ADMIN_EMAILS: BOSS.email } });
      try {
        const store = other.app.get<EventStore>(EVENT_STORE);
        const uploaderId = randomUUID();
        const good = await writePurchase(store, [{ uploaderId, price: 1240 }]);
        // A purchase whose line does not add up: 12.40 € paid, 12.41 € owed onwards.
        const broken = await writePurchase(store, [], {
          linesOverride: good.lines.map((l) => ({ ...l, uploaderEarnings: l.uploaderEarnings + 1 })),
        });
        const runner = other.app.get(
          (await import('../../server/src/projections/projection-runner')).ProjectionRunner,
        );
        const head = (await store.headPosition())!;
        expect(await runner.waitFor(head, ['sales', 'payouts'], 5000)).toBe(true);
        expect(await runner.waitFor(head, ['ledger'], 1500)).toBe(false);
        const boss = await issuer.idToken({ sub: BOSS.sub, email: BOSS.email });
        await request(other.url)
          .post('/api/user/update')
          .set('Authorization', `Bearer ${boss}`)
          .send(aProfileForm({ firstName: 'Ülle', lastName: 'Ülemus', acceptTerms: true }))
          .expect(200);
        const status = await request(other.url)
          .get('/api/admin/projections')
          .set('Authorization', `Bearer ${boss}`);
        const ledger = (status.body as { name: string; behind: boolean; error: string }[]).find(
          (p) => p.name === 'ledger',
        )!;
        expect(ledger.behind).toBe(true);
        expect(ledger.error).toMatch(
          /^Unbalanced posting for PurchasePaid .*debits 1240 ≠ credits 1241 \(cents\)$/,
        );
        expect(ledger.error).toContain(`purchase-${broken.purchaseId}`);
        const journal = await request(other.url)
          .get('/api/accounting/journal')
          .set('Authorization', `Bearer ${boss}`);
        expect((journal.body as JournalPage).items.map((r) => r.purchaseId)).toEqual([good.purchaseId]);
      } finally {
        await other.close();
      }
    }, 30_000);
  });
});
