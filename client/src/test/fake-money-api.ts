import type {
  Dashboard,
  JournalPage,
  ProjectionReport,
  Payout,
  PayoutRequestInfo,
  ReconciliationReport,
  SalesSummary,
} from '../api/money-types';
import { FakeApi } from './fake-api';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** FakeApi plus the money calls of docs/api.md, answering what a test gives it. */
export class FakeMoneyApi extends FakeApi {
  sales: SalesSummary | null = null;
  payoutRequest: PayoutRequestInfo | null = null;
  payouts: Payout[] = [];
  report: ReconciliationReport | null = null;
  journal: JournalPage = { items: [], total: 0, offset: 0, limit: 50, amount: 0 };
  dashboard: Dashboard | null = null;
  projections: ProjectionReport[] = [];
  /** When set, POST .../payouts answers 400 with these field errors. */
  payoutFieldErrors: Record<string, string[]> | null = null;
  /** The error body GET .../sales answers with (status from its statusCode), instead of the summary. */
  salesError: { statusCode: number; code: string; message: string; errors?: object } | null = null;
  /** How many of the next money requests answer 503, as a server that is down for a moment. */
  unavailable = 0;

  constructor() {
    super();
    const base = this.fetch;
    this.fetch = (input, init = {}) => this.money(input, init, base);
  }

  private async money(
    input: RequestInfo | URL,
    init: RequestInit,
    base: FakeApi['fetch'],
  ): Promise<Response> {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const money =
      /^\/api\/uploaders\//.test(path) ||
      /^\/api\/admin\/payouts/.test(path) ||
      /^\/api\/accounting\//.test(path) ||
      path === '/api/admin/dashboard' ||
      path.startsWith('/api/admin/projections');
    if (!money) return base(input, init);
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
      url,
    });
    await Promise.resolve();
    if (this.unavailable > 0) {
      this.unavailable -= 1;
      return json(503, { statusCode: 503, code: 'ERROR.UNAVAILABLE', message: 'Unavailable' });
    }
    const uploader = /^\/api\/uploaders\/([^/]+)\/(.+)$/.exec(path);
    if (uploader?.[2] === 'sales' && this.salesError)
      return json(this.salesError.statusCode, this.salesError);
    if (uploader?.[2] === 'sales' && this.sales) return json(200, this.sales);
    if (uploader?.[2] === 'payout-request' && this.payoutRequest) return json(200, this.payoutRequest);
    if (uploader?.[2] === 'payouts' && method === 'GET')
      return json(200, { items: this.payouts, total: this.payouts.length, offset: 0, limit: 200 });
    if (uploader?.[2] === 'payouts/check' && method === 'POST') {
      if (this.payoutFieldErrors)
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION.FORM_HAS_ERRORS',
          message: 'Vormil on vigu!',
          errors: this.payoutFieldErrors,
        });
      const form = body as { iban: string; accountHolder: string; amount: number };
      const fee = this.payoutRequest?.transferFee ?? 0;
      const iban = form.iban.replace(/\s/g, '').toUpperCase();
      return json(200, {
        iban,
        accountHolder: form.accountHolder,
        accountHolderLatin: form.accountHolder.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
        amount: form.amount,
        transferFee: fee,
        netAmount: form.amount - fee,
      });
    }
    if (uploader?.[2] === 'payouts' && method === 'POST') {
      if (this.payoutFieldErrors)
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION.FORM_HAS_ERRORS',
          message: 'Vormil on vigu!',
          errors: this.payoutFieldErrors,
        });
      const form = body as { iban: string; accountHolder: string; amount: number };
      const fee = this.payoutRequest?.transferFee ?? 0;
      const payout = aPayout({
        iban: form.iban,
        accountHolder: form.accountHolder,
        amount: form.amount,
        transferFee: fee,
        netAmount: form.amount - fee,
      });
      this.payouts.unshift(payout);
      return json(201, payout);
    }
    if (path === '/api/admin/payouts' && method === 'GET') {
      const status = url.searchParams.get('status');
      const items = this.payouts.filter((p) => !status || p.status === status);
      return json(200, { items, total: items.length, offset: 0, limit: 200 });
    }
    if (path === '/api/admin/payouts/sepa')
      return new Response('<Document/>', {
        status: 200,
        headers: {
          'Content-Type': 'application/xml',
          'content-disposition': 'attachment; filename="LT1.pain.001.001.09.xml"',
          'x-sepa-message-id': 'LT1',
          'x-payout-batch-id': '0195f0c2-0000-7000-8000-0000000000b1',
          'x-sepa-count': String((body as { payoutIds: string[] }).payoutIds.length),
          'x-sepa-control-sum': '27000',
        },
      });
    const one = /^\/api\/admin\/payouts\/([^/]+)(?:\/(reject))?$/.exec(path);
    if (one) {
      const payout = this.payouts.find((p) => p.id === one[1]);
      if (!payout) return json(404, { statusCode: 404, code: 'PAYOUT.NOT_FOUND', message: 'Not found' });
      if (one[2] === 'reject')
        Object.assign(payout, { status: 'rejected', reason: (body as { reason: string }).reason });
      return json(200, payout);
    }
    if (path === '/api/admin/dashboard' && this.dashboard) return json(200, this.dashboard);
    if (path === '/api/admin/projections') return json(200, this.projections);
    const rebuild = /^\/api\/admin\/projections\/([^/]+)\/rebuild$/.exec(path);
    if (rebuild && method === 'POST') {
      const projection = this.projections.find((p) => p.name === rebuild[1])!;
      projection.rebuild = {
        projection: projection.name,
        events: 0,
        eventsPerSecond: 0,
        done: false,
        startedAt: '2026-03-14T10:00:00.000Z',
        finishedAt: null,
        error: null,
      };
      return json(202, projection.rebuild);
    }
    if (path === '/api/accounting/report' && this.report) return json(200, this.report);
    if (path === '/api/accounting/journal') return json(200, this.journal);
    return json(404, { statusCode: 404, code: 'ERROR.NOT_FOUND', message: 'Not found' });
  }
}

export function aPayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: '0195f0c2-0000-7000-8000-00000000a001',
    uploaderId: '0195f0c2-0000-7000-8000-0000000000aa',
    payeeName: 'Mari Maasikas',
    iban: 'EE382200221020145685',
    accountHolder: 'Mari Maasikas',
    accountHolderLatin: 'Mari Maasikas',
    accountHolderCheck: 'declared-by-uploader',
    amount: 20_000,
    transferFee: 0,
    netAmount: 20_000,
    status: 'requested',
    requestedAt: '2026-03-14T10:00:00.000Z',
    executionDate: null,
    executedAt: null,
    executedBy: null,
    rejectedAt: null,
    rejectedBy: null,
    reason: null,
    batch: null,
    events: [],
    ...overrides,
  };
}
