import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ledgerDay } from '../../server/src/domain/ledger/ledger-day';
import { nextTarget2BusinessDay } from '../../server/src/domain/payout/target2-calendar';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { writePurchase } from '../support/money-fixture';
import { aProfileForm } from '../support/profile-form';
import { TestClock } from '../support/test-clock';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const DAY_MS = 86_400_000;
const BOSS: { sub: string; email: string } = { sub: randomUUID(), email: 'replay.boss@example.ee' };
const EE_IBAN = 'EE382200221020145685';
const seededUploaders = DEMO_UPLOADERS.filter((u) => u.key === 'kadri' || u.key === 'martin');

/**
 * Replay: on a seeded log (the demo seed's own sales history paid at the gateway, plus months of sales,
 * payouts, executions and rejections written here), every read model is rebuilt from zero through the
 * admin API, and every report (each uploader's sales and payouts, the admin payouts and purchases, the
 * dashboard, the journal and the reconciliation, as JSON and CSV; the catalogue and users) must read byte
 * for byte as it did live.
 */
describe('Replay: a rebuild reproduces every report exactly (real HTTP)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  const clock = new TestClock();
  const bearer = async (p: { sub: string; email: string }) =>
    `Bearer ${await issuer.idToken({ sub: p.sub, email: p.email })}`;
  const get = async (path: string, as = BOSS) =>
    request(server.url)
      .get(path)
      .set('Authorization', await bearer(as))
      .set('Accept-Language', 'et');
  const post = async (path: string, body: object, as = BOSS) =>
    request(server.url)
      .post(path)
      .set('Authorization', await bearer(as))
      .send(body);

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ clock, env: { ...issuer.env, ADMIN_EMAILS: BOSS.email } });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('reads every report the same after rebuilding every projection', async () => {
    const eventStore = server.app.get<EventStore>(EVENT_STORE);
    const runner = server.app.get(ProjectionRunner);
    await post(
      '/api/user/update',
      aProfileForm({ firstName: 'Ülle', lastName: 'Ülemus', acceptTerms: true }),
    );
    const uploaders: { sub: string; email: string; name: string }[] = [];
    for (const [firstName, lastName] of [
      ['Kärt', 'Õunapuu'],
      ['Peeter', 'Põder'],
      ['Anne', 'Ärma'],
    ] as const) {
      const person = { sub: randomUUID(), email: `${randomUUID()}@example.ee` };
      await request(server.url)
        .post('/api/user/update')
        .set('Authorization', await bearer(person))
        .send(aProfileForm({ firstName, lastName, acceptTerms: true }))
        .expect(200);
      uploaders.push({ ...person, name: `${firstName} ${lastName}` });
    }
    const now = clock.now().getTime();
    for (let day = 120; day >= 1; day -= 7) {
      await writePurchase(
        eventStore,
        uploaders.slice(0, 1 + (day % 3)).map((u, i) => ({
          uploaderId: u.sub,
          price: 990 + day * 37 + i * 500,
          title: `Leping ${day}/${i}`,
        })),
        { paidAt: new Date(now - day * DAY_MS), downloaded: day % 2 === 0, paid: day % 5 !== 0 },
      );
    }
    await runner.waitFor(await eventStore.headPosition());
    const payoutIds: string[] = [];
    for (const u of uploaders) {
      const info = await get(`/api/uploaders/${u.sub}/payout-request`, u);
      for (const share of [0.5, 0.3]) {
        const amount = Math.floor(info.body.balance.available * share);
        const response = await post(
          `/api/uploaders/${u.sub}/payouts`,
          { iban: EE_IBAN, accountHolder: u.name, accountHolderDeclared: true, amount },
          u,
        );
        if (response.status === 201) payoutIds.push(response.body.id);
      }
    }
    expect(payoutIds.length).toBeGreaterThanOrEqual(4);
    const today = new Date(now).toISOString().slice(0, 10);
    // One file of two payouts, one of them rejected (the bank did not pay it), the file then executed.
    const file = await post('/api/admin/payouts/sepa', {
      payoutIds: [payoutIds[0], payoutIds[1]],
      executionDate: nextTarget2BusinessDay(ledgerDay(new Date(now).toISOString())),
    });
    expect(file.status).toBe(200);
    const batchId = file.headers['x-payout-batch-id'] as string;
    expect(
      (
        await post(`/api/admin/payouts/${payoutIds[1]}/reject`, {
          reason: 'Vale konto',
          bankDidNotPayConfirmed: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await post(`/api/admin/payout-batches/${batchId}/execute`, {
          executionDate: ledgerDay(new Date(now).toISOString()),
        })
      ).status,
    ).toBe(200);
    expect((await post(`/api/admin/payouts/${payoutIds[2]}/reject`, { reason: 'Vale konto' })).status).toBe(
      200,
    );

    const reports = async (): Promise<Record<string, string>> => {
      const paths = [
        '/api/documents?limit=50',
        '/api/admin/users?limit=50',
        '/api/admin/payouts?limit=200',
        '/api/admin/payouts?status=requested&limit=200',
        '/api/admin/payout-batches?limit=200',
        '/api/admin/dashboard?from=2000-01-01',
        `/api/admin/dashboard?from=${new Date(now - 60 * DAY_MS).toISOString().slice(0, 10)}&to=${today}`,
        '/api/accounting/journal?limit=200',
        '/api/accounting/journal.csv',
        '/api/accounting/report?from=2000-01-01',
        `/api/accounting/report?from=${new Date(now - 45 * DAY_MS).toISOString().slice(0, 10)}&to=${today}`,
        '/api/accounting/report.csv?from=2000-01-01',
        // The seeded sales history's uploaders (months of purchases paid at the gateway, a payout each).
        ...seededUploaders.flatMap((u) => [
          `/api/uploaders/${u.userId}/sales?from=2000-01-01`,
          `/api/uploaders/${u.userId}/payouts`,
        ]),
        '/api/admin/purchases',
        ...uploaders.flatMap((u) => [
          `/api/uploaders/${u.sub}/sales?from=2000-01-01`,
          `/api/uploaders/${u.sub}/sales?from=${new Date(now - 30 * DAY_MS).toISOString().slice(0, 10)}`,
          `/api/uploaders/${u.sub}/payouts`,
        ]),
      ];
      const out: Record<string, string> = {};
      for (const path of paths) {
        const response = await get(path);
        expect(response.status).toBe(200);
        out[path] = response.text;
      }
      for (const u of uploaders)
        out[`payout-request ${u.name}`] = (await get(`/api/uploaders/${u.sub}/payout-request`, u)).text;
      return out;
    };

    const live = await reports();
    expect(JSON.parse(live['/api/accounting/report?from=2000-01-01']!).balances).toBe(true);
    // The replay covers the seeded history too: its sales and its executed payout are in the reports.
    for (const u of seededUploaders) {
      const sales = JSON.parse(live[`/api/uploaders/${u.userId}/sales?from=2000-01-01`]!) as {
        totals: { documentsSold: number };
      };
      expect([u.key, sales.totals.documentsSold > 0]).toEqual([u.key, true]);
    }
    expect(live['/api/admin/payouts?limit=200']).toContain('Kadri Tamm');
    expect(JSON.parse(live['/api/accounting/journal?limit=200']!).total).toBeGreaterThan(20);

    const names = ((await get('/api/admin/projections')).body as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['catalogue', 'users', 'ledger', 'sales', 'payouts', 'dashboard']),
    );
    const head = Number(await eventStore.headPosition());
    for (const name of names) {
      expect((await post(`/api/admin/projections/${name}/rebuild`, {})).status).toBe(202);
      interface Job {
        done: boolean;
        events: number;
        error: string | null;
      }
      let job = null as Job | null;
      for (let i = 0; i < 200 && !job?.done; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        job = ((await get('/api/admin/projections')).body as { name: string; rebuild: Job | null }[]).find(
          (p) => p.name === name,
        )!.rebuild;
      }
      expect(job).toMatchObject({ done: true, error: null, events: head });
    }

    const rebuilt = await reports();
    for (const path of Object.keys(live)) expect([path, rebuilt[path]]).toEqual([path, live[path]]);
  }, 60_000);
});
