import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardFigures } from '../../../api/money-types';
import { makeUser } from '../../../test/fake-api';
import { FakeMoneyApi } from '../../../test/fake-money-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

const DAY: DashboardFigures = {
  sales: 124_000,
  refunds: 5_000,
  vat: 24_000,
  serviceFees: 20_000,
  uploaderEarnings: 80_000,
  transferFees: 3_000,
  payoutsRequested: 50_000,
  payoutsPaid: 20_000,
  purchasesPaid: 12,
  documentsSold: 15,
  payoutsRequestedCount: 2,
  payoutsExecutedCount: 1,
  documentsCreated: 3,
  documentsPublished: 2,
  usersRegistered: 4,
};

const DASHBOARD: Dashboard = {
  period: { from: '2026-01-01', to: '2026-03-14' },
  totals: { ...DAY, users: 40, documents: 37 },
  days: [{ ...DAY, day: '2026-02-10' }],
};

describe('admin dashboard and reports', () => {
  it('shows the period’s sales, fees, VAT, payouts, documents and users, with charts', async () => {
    const api = new FakeMoneyApi();
    givenSignedIn(api, makeUser({ isAdmin: true }));
    api.dashboard = DASHBOARD;
    renderApp('/admin/user/dashboard?from=2026-01-01&to=2026-03-14', api);
    expect(normalizeSpaces((await screen.findByTestId('dashboard-sales')).textContent)).toBe('1240 €');
    expect(normalizeSpaces(screen.getByTestId('dashboard-vat').textContent)).toBe('240 €');
    // Sales are net of what was refunded, and the refunds are shown beside them.
    expect(screen.getByText('Müük (tagastused maha arvatud)')).toBeTruthy();
    expect(normalizeSpaces(screen.getByTestId('dashboard-refunds').textContent)).toBe('50 €');
    expect(screen.getByTestId('dashboard-users').textContent).toBe('40');
    expect(screen.getByTestId('dashboard-chart-sales').querySelector('figcaption')?.textContent).toBe(
      'Müük käibemaksu, teenustasude ja üleslaadijate tulu kaupa',
    );
    const table = within(screen.getByTestId('dashboard-chart-payouts')).getByRole('table', { hidden: true });
    expect(normalizeSpaces(table.textContent)).toContain('02.2026500,00 €200,00 €');
    const call = api.requests.find((r) => r.path === '/api/admin/dashboard')!;
    expect(call.query.get('from')).toBe('2026-01-01');
  });

  it('lists the read models with their positions and starts a rebuild, showing its progress', async () => {
    const api = new FakeMoneyApi();
    givenSignedIn(api, makeUser({ isAdmin: true }));
    api.projections = [
      { name: 'ledger', checkpoint: '120', head: '120', behind: false, error: null, rebuild: null },
      {
        name: 'sales',
        checkpoint: '118',
        head: '120',
        behind: true,
        error: 'Unbalanced posting',
        rebuild: null,
      },
    ];
    renderApp('/en/admin/reports', api);
    const rows = await screen.findAllByTestId('projection-row');
    expect(within(rows[0]!).getByTestId('projection-position').textContent).toBe('120');
    expect(rows[1]!.textContent).toContain('Stopped: Unbalanced posting');
    await userEvent.click(within(rows[0]!).getByTestId('projection-rebuild'));
    await userEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('projection-row')[0]!).getByTestId('projection-progress').textContent,
      ).toBe('Rebuilding: 0 events (0 events/s)…'),
    );
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === '/api/admin/projections/ledger/rebuild'),
    ).toBe(true);
  });
});
