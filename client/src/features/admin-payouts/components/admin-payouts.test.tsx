import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fake-api';
import { FakeMoneyApi, aPayout } from '../../../test/fake-money-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

function givenAdmin() {
  const api = new FakeMoneyApi();
  givenSignedIn(api, makeUser({ isAdmin: true }));
  api.payouts = [
    aPayout({ id: '0195f0c2-0000-7000-8000-00000000a001', payeeName: 'Kadri Tamm', netAmount: 20_000 }),
    aPayout({
      id: '0195f0c2-0000-7000-8000-00000000a002',
      payeeName: 'Andres Mägi',
      amount: 10_000,
      transferFee: 3_000,
      netAmount: 7_000,
    }),
    aPayout({
      id: '0195f0c2-0000-7000-8000-00000000a003',
      payeeName: 'Liis Saar',
      status: 'executed',
      executionDate: '2026-03-10',
    }),
  ];
  return api;
}

describe('admin payouts', () => {
  it('lists requested payouts and exports the selected ones as a SEPA file in the chosen format', async () => {
    const api = givenAdmin();
    renderApp('/en/admin/payouts', api);
    const rows = await screen.findAllByTestId('admin-payout-row');
    expect(rows.map((r) => within(r).getByTestId('admin-payout-edit').textContent)).toEqual([
      'Kadri Tamm',
      'Andres Mägi',
    ]);
    await userEvent.click(within(rows[0]!).getByTestId('admin-payout-select'));
    await userEvent.click(within(rows[1]!).getByTestId('admin-payout-select'));
    expect(normalizeSpaces(screen.getByTestId('sepa-selection').textContent)).toBe(
      '2 payouts selected, €270.00 in total.',
    );
    await userEvent.selectOptions(screen.getByTestId('sepa-format'), 'pain.001.001.03');
    await userEvent.click(screen.getByTestId('sepa-export'));
    expect(normalizeSpaces((await screen.findByTestId('sepa-exported')).textContent)).toContain(
      'File LT1: 2 transfers, control sum €270.00.',
    );
    const post = api.requests.find((r) => r.path === '/api/admin/payouts/sepa')!;
    expect(post.body).toMatchObject({
      payoutIds: ['0195f0c2-0000-7000-8000-00000000a001', '0195f0c2-0000-7000-8000-00000000a002'],
      format: 'pain.001.001.03',
    });

    await userEvent.click(screen.getByTestId('payouts-filter-executed'));
    await waitFor(() => expect(screen.getAllByTestId('admin-payout-row')).toHaveLength(1));
    expect(screen.queryByTestId('admin-payout-select')).toBeNull();
  });

  it('shows the payee, amount and IBAN, and says a payout is paid through a file', async () => {
    const api = givenAdmin();
    renderApp('/admin/payouts/edit/0195f0c2-0000-7000-8000-00000000a002', api);
    expect((await screen.findByTestId('payout-payee')).textContent).toBe('Andres Mägi');
    expect(screen.getByTestId('payout-iban-value').textContent).toBe('EE382200221020145685');
    expect(screen.getByTestId('copy-iban').getAttribute('aria-label')).toBe(
      'Kopeeri IBAN EE382200221020145685',
    );
    expect(screen.getByTestId('payout-not-in-file').textContent).toMatch(
      /^Väljamakse makstakse SEPA faili kaudu/,
    );
    expect(screen.queryByTestId('payout-execute')).toBeNull();
  });

  it('asks for the bank’s word before rejecting a payout whose file was exported', async () => {
    const api = givenAdmin();
    api.payouts[0] = aPayout({
      id: '0195f0c2-0000-7000-8000-00000000a001',
      payeeName: 'Kadri Tamm',
      batch: {
        batchId: '0195f0c2-0000-7000-8000-0000000000b1',
        messageId: 'LTP-20261126-000001',
        status: 'exported',
      },
    });
    renderApp('/en/admin/payouts/edit/0195f0c2-0000-7000-8000-00000000a001', api);
    expect((await screen.findByTestId('payout-in-file-warning')).textContent).toContain(
      'LTP-20261126-000001',
    );
    await userEvent.type(screen.getByTestId('payout-reject-reason'), 'The bank returned it');
    await userEvent.click(screen.getByTestId('payout-reject'));
    expect(screen.getByTestId('payout-bank-did-not-pay-error').textContent).toBe(
      'Confirm that the bank did not pay it, or do not reject it',
    );
    await userEvent.click(screen.getByTestId('payout-bank-did-not-pay'));
    await userEvent.click(screen.getByTestId('payout-reject'));
    await userEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Rejected'));
    expect(api.requests.find((r) => r.path.endsWith('/reject'))!.body).toEqual({
      reason: 'The bank returned it',
      bankDidNotPayConfirmed: true,
    });
  });

  it('rejects with a reason, which is required', async () => {
    const api = givenAdmin();
    renderApp('/en/admin/payouts/edit/0195f0c2-0000-7000-8000-00000000a001', api);
    await userEvent.click(await screen.findByTestId('payout-reject'));
    expect(screen.getByText('Field is required')).toBeTruthy();
    await userEvent.type(screen.getByTestId('payout-reject-reason'), 'Account closed');
    await userEvent.click(screen.getByTestId('payout-reject'));
    await userEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Rejected'));
    expect(api.requests.find((r) => r.path.endsWith('/reject'))!.body).toEqual({ reason: 'Account closed' });
  });
});
