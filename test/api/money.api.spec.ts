import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
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
    post(p, `/api/uploaders/${p.sub}/payouts`, { iban: EE_IBAN, ...body }, language);
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

    it('refuses an account in somebody else’s name, and accepts the name without diacritics or in another order', async () => {
      const response = await requestPayout(uploader, { accountHolder: 'Kadri Tamm', amount: 5000 });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        accountHolder: ['Invalid IBAN: the account must be in your name (Andres Mägi)'],
      });
      const before = await available(uploader);
      const accepted = await requestPayout(uploader, { accountHolder: 'MAGI ANDRES', amount: 5000 });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({
        accountHolder: 'MAGI ANDRES',
        amount: 5000,
        transferFee: 3000,
        netAmount: 2000,
        status: 'requested',
        iban: EE_IBAN,
      });
      expect(await available(uploader)).toBe(before - 5000);
    });

    it('charges the 30 € transfer fee up to 150.00 € and not from 150.01 €', async () => {
      const fees = [];
      for (const amount of [14_999, 15_000, 15_001]) {
        const response = await requestPayout(uploader, { accountHolder: 'Andres Mägi', amount });
        expect(response.status).toBe(201);
        fees.push([response.body.amount, response.body.transferFee, response.body.netAmount]);
      }
      expect(fees).toEqual([
        [14_999, 3_000, 11_999],
        [15_000, 3_000, 12_000],
        [15_001, 0, 15_001],
      ]);
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

  describe('Admin payouts, the SEPA file and the accountant’s audit', () => {
    it('exports requested payouts as SEPA, marks one executed and rejects another; the report balances', async () => {
      const first = await signUp('Mari', 'Maasikas');
      const second = await signUp('Jüri', 'Juurikas');
      await writePurchase(eventStore, [
        { uploaderId: first.sub, price: 50_000 },
        { uploaderId: second.sub, price: 50_000 },
      ]);
      await caughtUp();
      const paid = await requestPayout(first, { accountHolder: 'Mari Maasikas', amount: 20_000 });
      const refused = await requestPayout(second, { accountHolder: 'Jüri Juurikas', amount: 10_000 });
      expect([paid.status, refused.status]).toEqual([201, 201]);

      const requested = await get(BOSS, '/api/admin/payouts?status=requested&limit=200');
      const ids = (requested.body as { items: { id: string }[] }).items.map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([paid.body.id, refused.body.id]));
      expect((await get(first, '/api/admin/payouts')).body.code).toBe('ERROR.ADMIN_ONLY');

      const sepa = await post(BOSS, '/api/admin/payouts/sepa', {
        payoutIds: [paid.body.id, refused.body.id],
        executionDate: '2026-11-23',
      });
      expect(sepa.status).toBe(200);
      expect(sepa.headers['content-type']).toMatch(/application\/xml/);
      expect(sepa.headers['x-sepa-count']).toBe('2');
      expect(sepa.headers['x-sepa-control-sum']).toBe(String(20_000 + 7_000));
      expect(sepa.text).toContain('<CtrlSum>270.00</CtrlSum>');
      expect(sepa.text).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
      expect(sepa.text).toContain('<Nm>Juri Juurikas</Nm>');
      const old = await post(BOSS, '/api/admin/payouts/sepa', {
        payoutIds: [paid.body.id],
        executionDate: '2026-11-23',
        format: 'pain.001.001.03',
      });
      expect(old.text).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');

      // The books count Estonian days: after 22:00 UTC in winter it is already tomorrow in Tallinn.
      const today = ledgerDay(new Date().toISOString());
      const executed = await post(BOSS, `/api/admin/payouts/${paid.body.id}/execute`, {
        executionDate: today,
      });
      expect(executed.status).toBe(200);
      expect(executed.body).toMatchObject({ status: 'executed', executionDate: today, executedBy: BOSS.sub });
      const again = await post(BOSS, `/api/admin/payouts/${paid.body.id}/reject`, { reason: 'Too late' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('PAYOUT.ALREADY_EXECUTED');

      const before = await available(second);
      const rejected = await post(BOSS, `/api/admin/payouts/${refused.body.id}/reject`, {
        reason: 'The account is closed',
      });
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        reason: 'The account is closed',
        rejectedBy: BOSS.sub,
      });
      expect(await available(second)).toBe(before + 10_000);
      const exportRejected = await post(BOSS, '/api/admin/payouts/sepa', {
        payoutIds: [refused.body.id],
        executionDate: today,
      });
      expect(exportRejected.status).toBe(409);
      expect(exportRejected.body.code).toBe('PAYOUT.NOT_REQUESTED');

      const mine = await get(first, `/api/uploaders/${first.sub}/payouts`);
      expect(mine.body.items[0]).toMatchObject({
        id: paid.body.id,
        status: 'executed',
        executionDate: today,
        iban: EE_IBAN,
      });

      // The journal: every money event with its id, stream, position, time and actor.
      const journal = await get(BOSS, `/api/accounting/journal?payoutId=${paid.body.id}`);
      expect((journal.body as JournalPage).items.map((r) => r.event.eventType)).toEqual([
        'PayoutRequested',
        'PayoutExecuted',
      ]);
      expect(journal.body.items[1].event).toMatchObject({
        streamId: `payouts-${first.sub}`,
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
      expect(csv.text.split('\r\n')[0]).toBe('from,to,section,line,amount_eur,balances');
      expect(csv.text).toContain(',PAYMENTS,CHECK,0.00,yes');
      const journalCsv = await get(BOSS, `/api/accounting/journal.csv?payoutId=${paid.body.id}`);
      expect(journalCsv.text.split('\r\n').filter((l) => l !== '')).toHaveLength(1 + 2 + 2);
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
