import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';
import type { AdminPurchaseItem } from '../api/get-admin-purchases';

function anItem(overrides: Partial<AdminPurchaseItem>): AdminPurchaseItem {
  return {
    id: '0195f0c2-0000-7000-8000-0000000000a1',
    number: '0195F0C2',
    status: 'paid',
    buyerId: null,
    payer: { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.ee' },
    invoiceName: null,
    invoiceNumber: null,
    documentTitles: ['Tööleping'],
    total: 1240,
    createdAt: '2026-03-14T10:00:00.000Z',
    paidAt: '2026-03-14T10:05:00.000Z',
    canceledAt: null,
    activeUntil: null,
    refundDue: false,
    refunded: false,
    ...overrides,
  };
}

describe('admin purchases list', () => {
  it('finds the refunded purchases, each marked so; owed back and refunded are one filter at a time', async () => {
    const api = new FakeApi();
    givenSignedIn(api, makeUser({ isAdmin: true }));
    api.adminPurchaseList = [
      anItem({ id: '0195f0c2-0000-7000-8000-0000000000a1', number: 'AAAA0001' }),
      anItem({ id: '0195f0c2-0000-7000-8000-0000000000a2', number: 'AAAA0002', refunded: true }),
      anItem({ id: '0195f0c2-0000-7000-8000-0000000000a3', number: 'AAAA0003', refundDue: true }),
    ];
    const { router } = renderApp('/admin/purchases', api);
    await screen.findByText('AAAA0001');
    expect(screen.getAllByTestId('admin-purchase-refunded')).toHaveLength(1);

    await userEvent.click(screen.getByLabelText('Ainult tagastatud ostud'));
    await waitFor(() => expect(screen.queryByText('AAAA0001')).toBeNull());
    expect(router.state.location.search).toBe('?refund=refunded');
    const row = screen.getByText('AAAA0002').closest('tr')!;
    expect(within(row).getByTestId('admin-purchase-refunded').textContent).toBe('Tagastatud');
    expect(screen.queryByText('AAAA0003')).toBeNull();

    await userEvent.click(screen.getByLabelText('Ainult tagastamist vajavad maksed'));
    await screen.findByText('AAAA0003');
    expect(router.state.location.search).toBe('?refund=due');
    expect(screen.queryByText('AAAA0002')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Ainult tagastatud ostud').checked).toBe(false);
  });
});
