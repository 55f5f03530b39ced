import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReconciliationReport } from '../../../api/money-types';
import { makeUser } from '../../../test/fake-api';
import { FakeMoneyApi } from '../../../test/fake-money-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

const REPORT: ReconciliationReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  balances: true,
  sections: [
    {
      key: 'PAYMENTS',
      lines: [
        {
          key: 'PAYMENTS_RECEIVED',
          amount: 1_240,
          sources: [
            { group: 'buyer-payments', movement: 'payment-received', side: 'debit', scope: 'period' },
          ],
        },
        {
          key: 'VAT',
          amount: 240,
          sources: [{ group: 'vat-payable', movement: 'vat', side: 'credit', scope: 'period' }],
        },
      ],
      check: { left: 1_240, right: 1_240, balances: true },
    },
    {
      key: 'UPLOADERS',
      lines: [
        {
          key: 'OWED_AT_START',
          amount: 500,
          sources: [{ group: 'uploader-payables', movement: null, side: 'balance', scope: 'before' }],
        },
      ],
      check: { left: 1, right: 0, balances: false },
    },
  ],
};

describe('accountant’s audit', () => {
  it('shows the report, says whether each section balances, and links each figure to its events', async () => {
    const api = new FakeMoneyApi();
    givenSignedIn(api, makeUser({ isAccountant: true }));
    api.report = REPORT;
    const { router } = renderApp('/en/admin/accounting/report?from=2026-03-01&to=2026-03-31', api);
    expect((await screen.findByTestId('report-verdict')).textContent).toBe('The report balances.');
    expect(screen.getByTestId('report-check-PAYMENTS').textContent).toContain('Balances');
    expect(normalizeSpaces(screen.getByTestId('report-check-UPLOADERS').textContent)).toContain(
      'Difference €0.01',
    );
    const received = within(screen.getByTestId('report-line-PAYMENTS-PAYMENTS_RECEIVED')).getByRole('link');
    expect(received.getAttribute('href')).toBe(
      '/en/admin/accounting/journal?from=2026-03-01&to=2026-03-31&movement=buyer-payments%7Cpayment-received',
    );
    const opening = within(screen.getByTestId('report-line-UPLOADERS-OWED_AT_START')).getByRole('link');
    expect(opening.getAttribute('href')).toBe(
      '/en/admin/accounting/journal?to=2026-02-28&group=uploader-payables',
    );
    await userEvent.click(received);
    expect(router.state.location.pathname).toBe('/en/admin/accounting/journal');
    expect((await screen.findByTestId('journal-filtered')).textContent).toContain(
      'Showing: payments received.',
    );
    const journal = api.requests.find((r) => r.path === '/api/accounting/journal')!;
    expect(journal.query.get('movement')).toBe('buyer-payments|payment-received');
  });

  it('tells someone who is neither accountant nor admin that the audit is not for them', async () => {
    const api = new FakeMoneyApi();
    givenSignedIn(api, makeUser());
    renderApp('/admin/accounting/journal', api);
    expect((await screen.findByTestId('accountant-only')).textContent).toBe(
      'Seda saavad näha ainult raamatupidaja ja administraator.',
    );
    expect(api.requests.some((r) => r.path.startsWith('/api/accounting'))).toBe(false);
  });
});
