import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PURCHASE_ID, FakeApi, makeUser } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';
import type { AdminPurchase } from '../api/get-admin-purchases';

const BUYER = '0195f0c2-0000-7000-8000-0000000000bb';

function aPurchase(overrides: Partial<AdminPurchase> = {}): AdminPurchase {
  return {
    id: FAKE_PURCHASE_ID,
    number: '0195F0C2',
    status: 'paid',
    createdAt: '2026-03-14T10:00:00.000Z',
    activeUntil: '2026-03-15T10:05:00.000Z',
    paidAt: '2026-03-14T10:05:00.000Z',
    canceledAt: null,
    cancelReason: null,
    language: 'et',
    payer: {
      email: 'mari@example.ee',
      firstName: 'Mari',
      lastName: 'Maasikas',
      address: 'Tartu mnt 1',
      country: 'EE',
    },
    paymentMethod: 'banklink:ee:seb',
    documents: [
      { documentId: 'd1', title: 'Tööleping', uploaderName: 'Kadri Tamm', price: 1240, refunded: false },
    ],
    totals: { price: 1240, vat: 240, licenceFee: 1000, serviceFee: 200, uploaderEarnings: 800 },
    invoice: null,
    invoiceUrl: null,
    refundDue: false,
    refunds: [],
    refundRequests: [],
    refundable: true,
    supersededBy: null,
    basketId: '0195f0c2-0000-7000-8000-0000000000b5',
    buyerId: BUYER,
    provider: 'makecommerce',
    transactionId: 't-1',
    downloadCount: 1,
    history: [
      { type: 'PurchaseCreated', occurredAt: '2026-03-14T10:00:00.000Z', actorId: BUYER, data: {} },
      { type: 'PurchasePaid', occurredAt: '2026-03-14T10:05:00.000Z', actorId: 'system', data: {} },
      {
        type: 'PurchaseFilesDownloaded',
        occurredAt: '2026-03-14T10:07:00.000Z',
        actorId: 'purchase-key',
        data: {},
      },
      { type: 'SomethingNewer', occurredAt: '2026-03-14T10:09:00.000Z', actorId: null, data: {} },
    ],
    ...overrides,
  };
}

describe('an admin’s purchase', () => {
  it.each([
    [
      '/en/admin/purchases',
      'SEB bank link',
      ['Purchase created from the basket', 'Paid', 'Files downloaded'],
    ],
    ['/admin/purchases', 'SEB pangalink', ['Ost loodi ostukorvist', 'Makstud', 'Failid laaditi alla']],
  ])(
    '%s: the payment method by its bank, the events in the screen’s language',
    async (base, method, events) => {
      const api = new FakeApi();
      givenSignedIn(api, makeUser({ isAdmin: true }));
      api.adminPurchases.set(FAKE_PURCHASE_ID, aPurchase());
      renderApp(`${base}/${FAKE_PURCHASE_ID}`, api);
      expect((await screen.findByTestId('admin-purchase-method')).textContent).toBe(method);
      const history = screen.getAllByTestId('admin-purchase-event');
      expect(history.map((event) => normalizeSpaces(event.querySelector('strong')?.textContent))).toEqual([
        ...events,
        'SomethingNewer',
      ]);
      expect(normalizeSpaces(history[0]!.querySelector('summary .hint')?.textContent)).toBe(
        base.startsWith('/en') ? 'the signed-in buyer' : 'sisseloginud ostja',
      );
      expect(normalizeSpaces(history[2]!.querySelector('summary .hint')?.textContent)).toBe(
        base.startsWith('/en') ? 'the buyer, with the purchase’s link' : 'ostja, ostu lingiga',
      );
    },
  );
});
