import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ReconciliationReport } from '../../server/src/domain/ledger/reconciliation';
import type { PurchaseCreated, PurchasePaid } from '../../server/src/events/purchase.events';
import { EVENT_STORE, type EventStore } from '../../server/src/infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../../server/src/projections/projection-runner';
import type {
  Dashboard,
  PayoutBatchDto,
  PayoutDto,
  SalesSummary,
} from '../../server/src/queries/money/money.views';
import { DEMO_UPLOADERS } from '../../server/src/seed/demo-catalogue.data';
import { HISTORY_FIRST_DAY, demoSales } from '../../server/src/seed/demo-history.data';
import { aProfileForm } from '../support/profile-form';
import { type TestIssuer, startTestIssuer } from '../support/test-issuer';
import { type TestServer, startTestServer } from '../support/test-server';

const DAY_MS = 86_400_000;
const BOSS = { sub: randomUUID(), email: 'history.boss@example.ee' };
const kadri = DEMO_UPLOADERS.find((u) => u.key === 'kadri')!;
const martin = DEMO_UPLOADERS.find((u) => u.key === 'martin')!;

/**
 * The demo seed's sales history, as a newcomer finds it at the first start: months of purchases paid
 * through the embedded gateway's protocol, downloads, one executed and one requested payout, and an
 * accountant's report that balances for the whole history and for every month of it.
 */
describe('Seeded sales history (real HTTP on the seeded data folder)', () => {
  let issuer: TestIssuer;
  let server: TestServer;
  let eventStore: EventStore;
  const get = async (path: string, as: { sub: string; email: string } = BOSS) =>
    request(server.url)
      .get(path)
      .set('Authorization', `Bearer ${await issuer.idToken(as)}`)
      .set('Accept-Language', 'en');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

  beforeAll(async () => {
    issuer = await startTestIssuer();
    server = await startTestServer({ env: { ...issuer.env, ADMIN_EMAILS: BOSS.email } });
    eventStore = server.app.get<EventStore>(EVENT_STORE);
    // The admin (and so a reader of the accounts) once their profile exists.
    await request(server.url)
      .post('/api/user/update')
      .set('Authorization', `Bearer ${await issuer.idToken(BOSS)}`)
      .send(aProfileForm({ firstName: 'Ülle', lastName: 'Ülemus', acceptTerms: true }))
      .expect(200);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await issuer.close();
  });

  it('pays every seeded purchase at the gateway, dated over the past months by the gateway’s signed message', async () => {
    const all = await eventStore.readAll(null, 1_000_000);
    const paid = all.filter((e) => e.type === 'PurchasePaid') as unknown as {
      data: PurchasePaid['data'];
      metadata: { occurredAt: string };
    }[];
    const created = all.filter((e) => e.type === 'PurchaseCreated');
    expect(paid).toHaveLength(demoSales().length);
    expect(created).toHaveLength(demoSales().length);
    expect(paid.length).toBeGreaterThanOrEqual(30);
    for (const event of paid) {
      const message = event.data.providerResponse as Record<string, unknown>;
      // The gateway's own signed return message, verified by the MakeCommerce adapter.
      expect(event.data.provider).toBe('makecommerce');
      expect(message).toMatchObject({ message_type: 'payment_return', status: 'COMPLETED' });
      expect(message.transaction).toBe(event.data.transactionId);
      expect(message.reference).toBe(event.data.purchaseId);
      // Dated when the buyer completed the payment at the gateway, which signed that moment.
      expect(String(message.message_time).slice(0, 19)).toBe(event.data.paidAt.slice(0, 19));
      expect(event.metadata.occurredAt).toBe(event.data.paidAt);
    }
    const times = paid.map((e) => Date.parse(e.data.paidAt));
    expect(Math.min(...times)).toBeLessThan(Date.now() - (HISTORY_FIRST_DAY - 10) * DAY_MS);
    expect(Math.max(...times)).toBeGreaterThan(Date.now() - 7 * DAY_MS);
    expect(Math.max(...times)).toBeLessThan(Date.now());
    // Each purchase was created from a confirmed basket minutes before it was paid.
    for (const event of created as unknown as {
      data: PurchaseCreated['data'];
      metadata: { occurredAt: string };
    }[]) {
      const payment = paid.find((p) => p.data.purchaseId === event.data.purchaseId)!;
      const minutes = (Date.parse(payment.data.paidAt) - Date.parse(event.metadata.occurredAt)) / 60_000;
      expect(minutes).toBe(5);
    }
    expect(all.filter((e) => e.type === 'PurchaseFilesDownloaded').length).toBeGreaterThan(paid.length / 2);
  });

  it('shows Kadri her sales, downloads and her executed payout; Martin his requested one', async () => {
    const sales = (
      await get(`/api/uploaders/${kadri.userId}/sales?from=2000-01-01`, {
        sub: kadri.userId,
        email: kadri.email,
      })
    ).body as SalesSummary;
    expect(sales.totals.documentsSold).toBeGreaterThan(5);
    expect(sales.totals.downloads).toBeGreaterThan(3);
    expect(sales.totals.paidOut).toBeGreaterThan(0);
    expect(sales.downloads.length).toBeGreaterThan(3);
    expect(new Set(sales.series.map((s) => s.day.slice(0, 7))).size).toBeGreaterThanOrEqual(4);

    const payouts = (await get('/api/admin/payouts?limit=50')).body as { items: PayoutDto[] };
    const seeded = payouts.items.filter((p) => [kadri.userId, martin.userId].includes(p.uploaderId));
    expect(seeded.map((p) => [p.payeeName, p.status])).toEqual(
      expect.arrayContaining([
        ['Kadri Tamm', 'executed'],
        ['Martin Kask', 'requested'],
      ]),
    );
    expect(seeded).toHaveLength(2);
    const executed = seeded.find((p) => p.status === 'executed')!;
    expect(executed.amount).toBe(sales.totals.paidOut + sales.totals.transferFees);
    for (const payout of seeded) expect(payout.netAmount).toBe(payout.amount - payout.transferFee);

    // Kadri was paid through a payout file the admin exported and marked executed; Martin's is in none.
    const batches = (await get('/api/admin/payout-batches')).body as { items: PayoutBatchDto[] };
    expect(batches.items).toHaveLength(1);
    const [batch] = batches.items;
    expect(batch).toMatchObject({
      number: 1,
      status: 'executed',
      count: 1,
      controlSum: executed.netAmount,
      format: 'pain.001.001.09',
      payouts: [
        expect.objectContaining({ payoutId: executed.id, status: 'executed', creditorName: 'Kadri Tamm' }),
      ],
    });
    expect(batch!.messageId).toMatch(/^LTP-\d{8}-000001$/);
    expect(batch!.executedOn).toBe(executed.executionDate);
    expect(executed.batch).toEqual({ batchId: batch!.id, messageId: batch!.messageId, status: 'executed' });
    expect(seeded.find((p) => p.status === 'requested')!.batch).toBeNull();
    const file = await get(`/api/admin/payout-batches/${batch!.id}/file`);
    expect(file.text).toContain(`<MsgId>${batch!.messageId}</MsgId>`);
    expect(file.text).toContain(`<ReqdExctnDt><Dt>${executed.executionDate}</Dt></ReqdExctnDt>`);
  });

  it('has one sale refunded by the admin: its refund receipt, Martin’s refund line with the reason and his balance below zero, the report’s refund line', async () => {
    // The refund is the history's last step: wait until its mail is recorded and every read model has it.
    const deadline = Date.now() + 30_000;
    while (
      !(await eventStore.readAll(null, 1_000_000)).some((e) => e.type === 'PurchaseRefundNoticeSent') &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 200));
    const runner = server.app.get(ProjectionRunner);
    expect(await runner.waitFor(await eventStore.headPosition(), runner.names, 30_000)).toBe(true);
    const all = await eventStore.readAll(null, 1_000_000);
    const completed = all.filter((e) => e.type === 'PurchaseRefundCompleted');
    expect(completed).toHaveLength(1);
    const { purchaseId, amount } = completed[0]!.data as { purchaseId: string; amount: number };
    expect(all.filter((e) => e.type === 'RefundReceiptNumberAssigned')).toHaveLength(1);
    const purchase = (await get(`/api/admin/purchases/${purchaseId}`)).body as {
      refundRequests: { status: string; reason: string; creditNote: { number: string } | null }[];
      refundable: boolean;
    };
    expect(purchase.refundRequests).toEqual([
      expect.objectContaining({
        status: 'completed',
        reason: 'Ostja ostis sama lepingu kogemata kaks korda',
        creditNote: expect.objectContaining({ number: 'TK-000001' }),
      }),
    ]);
    expect(purchase.refundable).toBe(false);
    const sales = (
      await get(`/api/uploaders/${martin.userId}/sales?from=2000-01-01`, {
        sub: martin.userId,
        email: martin.email,
      })
    ).body as SalesSummary;
    const refunds = sales.sales.filter((l) => l.kind === 'refund');
    // His payout had drawn everything available: the refund takes back earnings already drawn.
    expect(sales.balance.available).toBeLessThan(0);
    expect(refunds).toEqual([
      expect.objectContaining({ reason: 'Ostja ostis sama lepingu kogemata kaks korda' }),
    ]);
    expect(refunds[0]!.earned).toBeLessThan(0);
    const report = (await get('/api/accounting/report?from=2000-01-01')).body as ReconciliationReport;
    const payments = report.sections.find((section) => section.key === 'PAYMENTS')!;
    expect(payments.lines.find((l) => l.key === 'REFUNDS')!.amount).toBe(amount);
  });

  it('fills the dashboard and balances the accountant’s report for the whole history and for every month', async () => {
    const dashboard = (await get(`/api/admin/dashboard?from=${day(HISTORY_FIRST_DAY + 1)}&to=${day(0)}`))
      .body as Dashboard;
    expect(dashboard.totals.purchasesPaid).toBe(demoSales().length);
    expect(dashboard.totals.payoutsExecutedCount).toBe(1);
    expect(dashboard.totals.payoutsRequestedCount).toBe(2);
    expect(dashboard.totals.sales).toBeGreaterThan(0);

    const whole = (await get('/api/accounting/report?from=2000-01-01')).body as ReconciliationReport;
    expect(whole.balances).toBe(true);
    for (const section of whole.sections)
      expect([section.key, section.check.balances]).toEqual([section.key, true]);
    const received = whole.sections.flatMap((s) => s.lines).find((l) => l.amount > 0);
    expect(received).toBeDefined();
    for (let month = 0; month < 5; month++) {
      const start = new Date();
      start.setUTCDate(1);
      start.setUTCMonth(start.getUTCMonth() - month);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
      const from = start.toISOString().slice(0, 10);
      const to = end.toISOString().slice(0, 10);
      const report = (await get(`/api/accounting/report?from=${from}&to=${to}`)).body as ReconciliationReport;
      expect([from, report.balances]).toEqual([from, true]);
    }
  });

  it('has cross-border sales taxed by the buyer, and VAT returns that reconcile with the ledger every month and quarter', async () => {
    const all = await eventStore.readAll(null, 1_000_000);
    const treatments = all
      .filter((e) => e.type === 'PurchaseCreated')
      .map((e) => (e.data as PurchaseCreated['data']).vat);
    // The Finnish company is reverse-charged on VIES's answer; the British buyer pays no EU VAT; the
    // Finnish, Latvian and German consumers pay Estonian VAT (the platform is below EUR 10,000) and count.
    expect(treatments.filter((v) => v.treatment === 'reverse-charge')).toEqual([
      expect.objectContaining({
        buyerCountry: 'FI',
        buyerVatNumber: 'FI20774740',
        vies: expect.objectContaining({ status: 'valid' }),
      }),
    ]);
    expect(treatments.filter((v) => v.treatment === 'outside-scope').map((v) => v.buyerCountry)).toEqual([
      'GB',
    ]);
    const abroad = treatments
      .filter((v) => v.reason === 'eu-consumer-below-threshold')
      .map((v) => v.buyerCountry);
    expect(new Set(abroad)).toEqual(new Set(['FI', 'LV', 'DE']));
    let reverseCharged = 0;
    for (let month = 0; month < 5; month++) {
      const start = new Date();
      start.setUTCDate(1);
      start.setUTCMonth(start.getUTCMonth() - month);
      const key = start.toISOString().slice(0, 7);
      const kmd = (await get(`/api/accounting/vat/kmd?month=${key}`)).body as {
        reconciliation: { balances: boolean; ledger: number };
        vatDue: number;
        lines: { key: string; taxableAmount: number }[];
      };
      expect([key, kmd.reconciliation.balances]).toEqual([key, true]);
      reverseCharged += kmd.lines.find((l) => l.key === '3.1')?.taxableAmount ?? 0;
      const quarter = `${key.slice(0, 4)}-Q${Math.floor((Number(key.slice(5)) - 1) / 3) + 1}`;
      const oss = (await get(`/api/accounting/vat/oss?quarter=${quarter}`)).body as {
        reconciliation: { balances: boolean };
      };
      expect([quarter, oss.reconciliation.balances]).toEqual([quarter, true]);
    }
    expect(reverseCharged).toBeGreaterThan(0);
  });
});
