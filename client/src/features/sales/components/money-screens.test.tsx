import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutRequestInfo, SalesSummary } from '../../../api/money-types';
import { makeUser } from '../../../test/fake-api';
import { FakeMoneyApi, aPayout } from '../../../test/fake-money-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

const BALANCE = {
  available: 15_000,
  held: 1_600,
  owed: 16_600,
  releases: [{ releasedAt: '2026-03-28T10:00:00.000Z', amount: 1_600 }],
  holdDays: 14,
  holdReason: 'PAYMENT_DISPUTE_WINDOW',
};

const SUMMARY: SalesSummary = {
  uploaderId: '0195f0c2-0000-7000-8000-0000000000aa',
  period: { from: '2026-01-01', to: '2026-03-14' },
  totals: {
    purchased: 3_000,
    serviceFees: 600,
    vat: 720,
    earned: 2_400,
    pending: 12_000,
    paidOut: 5_000,
    transferFees: 3_000,
    documentsSold: 2,
    downloads: 1,
  },
  balance: BALANCE,
  documents: [
    {
      documentId: 'd1',
      title: 'Tööleping',
      slug: 'tooleping',
      sold: 1,
      downloads: 1,
      price: 1_240,
      vat: 240,
      licenceFee: 1_000,
      serviceFee: 200,
      earned: 800,
    },
  ],
  sales: [
    {
      kind: 'sale',
      reason: null,
      documentId: 'd1',
      title: 'Tööleping',
      paidAt: '2026-03-01T10:00:00.000Z',
      releasedAt: '2026-03-15T10:00:00.000Z',
      price: 1_240,
      vat: 240,
      licenceFee: 1_000,
      serviceFee: 200,
      earned: 800,
      eventId: 'e1',
    },
  ],
  downloads: [
    {
      downloadedAt: '2026-03-02T10:00:00.000Z',
      documentId: 'd1',
      documentTitle: 'Tööleping',
      fileTitle: 'Tööleping.docx',
      archive: false,
      amount: 800,
    },
  ],
  series: [{ day: '2026-03-01', earned: 800, licenceFees: 1_000 }],
};

const REQUEST_INFO: PayoutRequestInfo = {
  payeeName: 'Mari Maasikas',
  balance: { ...BALANCE, available: 20_000 },
  transferFeeRule: { threshold: 15_000, fee: 3_000, basis: 'available-balance' },
  transferFee: 0,
  lastIban: null,
  lastAccountHolder: null,
  documents: [
    {
      title: 'Tööleping',
      paidAt: '2026-03-01T10:00:00.000Z',
      licenceFee: 1_000,
      serviceFee: 200,
      earned: 800,
      available: 800,
    },
  ],
  licenceFees: 1_000,
  serviceFees: 200,
};

function givenUploader() {
  const api = new FakeMoneyApi();
  givenSignedIn(api, makeUser());
  api.sales = SUMMARY;
  api.payoutRequest = REQUEST_INFO;
  return api;
}

/** A date chosen in a date field (the browser sends input, then change). */
function pickDate(testId: string, value: string) {
  fireEvent.input(screen.getByTestId(testId), { target: { value } });
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('My sales', () => {
  it('shows the period’s totals, the balance with its release date and reason, documents and downloads', async () => {
    const api = givenUploader();
    renderApp('/admin/user/sales?from=2026-01-01&to=2026-03-14', api);
    expect(normalizeSpaces((await screen.findByTestId('sales-paid-out')).textContent)).toBe('50 €');
    expect(normalizeSpaces(screen.getByTestId('sales-pending').textContent)).toBe('120 €');
    expect(normalizeSpaces(screen.getByTestId('sales-purchased').textContent)).toBe('30 €');
    expect(normalizeSpaces(screen.getByTestId('sales-in-total').textContent)).toBe('24 €');
    // Each tile says what it counts; money held until its release date is shown as held, with the date.
    expect(normalizeSpaces(screen.getByTestId('sales-buyers-paid').textContent)).toBe('37 €');
    expect(screen.getByTestId('sales-purchased-note').textContent).toBe(
      'Perioodil müüdud dokumentide hinnad ilma ostjate makstud käibemaksuta.',
    );
    expect(normalizeSpaces(screen.getByTestId('sales-held').textContent)).toBe('16 €');
    expect(screen.getByTestId('sales-held-note').textContent).toBe(
      'Teenitud, hoitakse kuni 28.03.2026, siis saadaval väljamakseks.',
    );
    expect(normalizeSpaces(screen.getByTestId('sales-available').textContent)).toBe('150,00 €');
    expect(normalizeSpaces(screen.getByTestId('sales-releases').textContent)).toBe(
      '16,00 € saadaval alates 28.03.2026',
    );
    expect(screen.getByText(/14 päeva pärast makset/)).toBeTruthy();
    const row = screen.getAllByTestId('sales-document-row')[0]!;
    expect(normalizeSpaces(row.textContent)).toBe('Tööleping1110,00 €2,00 €8,00 €');
    expect(within(screen.getByTestId('sales-downloads')).getByText('02.03.2026')).toBeTruthy();
    expect(screen.getByTestId('sales-chart').querySelector('figcaption')?.textContent).toBe(
      'Tulu 01.01.2026–14.03.2026',
    );
    const call = api.requests.find((r) => r.path.endsWith('/sales'))!;
    expect(call.path).toBe('/api/uploaders/0195f0c2-0000-7000-8000-0000000000aa/sales');
    expect([call.query.get('from'), call.query.get('to')]).toEqual(['2026-01-01', '2026-03-14']);
  });

  it('says at the fields when From is after To, and keeps the page and its figures', async () => {
    const api = givenUploader();
    const { router } = renderApp('/en/admin/user/sales?from=2026-01-01&to=2026-03-14', api);
    // The English figures once the page's language is in (the first paint may still be Estonian's).
    await waitFor(() =>
      expect(normalizeSpaces(screen.getByTestId('sales-purchased').textContent)).toBe('€30'),
    );
    const asked = api.requests.filter((r) => r.path.endsWith('/sales')).length;
    pickDate('period-from', '2026-04-01');
    expect(screen.getByTestId('period-error').textContent).toBe(
      '“From” is after “To”: choose a From date on or before the To date. The figures below are still for the period before.',
    );
    for (const field of ['period-from', 'period-to'])
      expect(screen.getByTestId(field).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('period-from').getAttribute('aria-describedby')).toBe('sales-period-error');
    expect(normalizeSpaces(screen.getByTestId('sales-purchased').textContent)).toBe('€30');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-03-14');
    expect(api.requests.filter((r) => r.path.endsWith('/sales')).length).toBe(asked);

    // Put right, the period is the new one.
    pickDate('period-to', '2026-04-30');
    expect(screen.getByTestId('period-error').textContent).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-04-01&to=2026-04-30'));
  });

  it('a kept address with From after To says so at the fields and asks nothing of the server', async () => {
    const api = givenUploader();
    renderApp('/en/admin/user/sales?from=2026-05-01&to=2026-03-14', api);
    expect((await screen.findByTestId('period-error')).textContent).toBe(
      '“From” is after “To”: choose a From date on or before the To date.',
    );
    expect(api.requests.some((r) => r.path.endsWith('/sales'))).toBe(false);
    expect(
      screen.queryByText('Something went wrong! Try again or report the problem to customer support!'),
    ).toBeNull();
  });
});

describe('A request the server refuses as bad (400)', () => {
  it('is told in the server’s words, never as the generic error', async () => {
    const api = givenUploader();
    api.salesError = {
      statusCode: 400,
      code: 'VALIDATION.FORM_HAS_ERRORS',
      message: 'Form has errors!',
      errors: { from: ['Not a date: 2026-02-31'] },
    };
    renderApp('/en/admin/user/sales?from=2026-02-31&to=2026-03-14', api);
    expect((await screen.findByTestId('load-refused')).textContent).toBe('Not a date: 2026-02-31');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByTestId('period-from')).toBeTruthy();
  });
});

describe('My payouts', () => {
  it('says when the payouts could not be loaded, and shows them after Retry', async () => {
    const api = givenUploader();
    api.payouts = [aPayout({ amount: 20_000 })];
    api.unavailable = 1;
    renderApp('/admin/user/payouts', api);
    expect((await screen.findByRole('alert')).textContent).toContain('Midagi läks valesti');
    expect(screen.queryByTestId('my-payouts')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Proovi uuesti' }));
    expect(await screen.findByTestId('my-payouts')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Payout request', () => {
  it('shows the transfer fee before confirming, decided on the licence fees available, whatever is taken out', async () => {
    const api = givenUploader();
    renderApp('/en/admin/user/payout', api);
    const amount = await screen.findByTestId('payout-amount');
    expect((amount as HTMLInputElement).value).toBe('200.00');
    expect(normalizeSpaces(screen.getByTestId('payout-transfer-fee').textContent)).toBe('€0.00');
    // The rule's round figures in whole euros, the amounts with cents (docs/decisions/money-format.md).
    expect(normalizeSpaces(screen.getByTestId('payout-transfer-fee-rule').textContent)).toBe(
      'You have €200.00 of licence fees available: that is more than €150, so no transfer fee applies, whatever part of it you take out.',
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '149.99');
    expect(normalizeSpaces(screen.getByTestId('payout-transfer-fee').textContent)).toBe('€0.00');
    expect(normalizeSpaces(screen.getByTestId('payout-net-amount').textContent)).toBe('€149.99');
    expect(screen.getByTestId('payout-documents').textContent).toContain('Tööleping');
  });

  it('writes the amount with the decimal comma in Estonian, as the price field does, and reads it back', async () => {
    const api = givenUploader();
    renderApp('/admin/user/payout', api);
    const amount = await screen.findByTestId('payout-amount');
    expect((amount as HTMLInputElement).value).toBe('200,00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '149,99');
    expect(normalizeSpaces(screen.getByTestId('payout-net-amount').textContent)).toBe('149,99 €');
  });

  it('says plainly that nobody checks whose account it is, and asks the uploader to declare it', async () => {
    const api = givenUploader();
    api.payoutRequest = { ...REQUEST_INFO, balance: { ...BALANCE, available: 12_000 }, transferFee: 3_000 };
    renderApp('/en/admin/user/payout', api);
    expect(normalizeSpaces((await screen.findByTestId('payout-account-holder-hint')).textContent)).toMatch(
      /^Lepinguturg cannot check whose account this is\./,
    );
    expect(normalizeSpaces(screen.getByTestId('payout-transfer-fee-rule').textContent)).toContain(
      'that is €150 or less, so the transfer fee of €30 applies',
    );
    expect(normalizeSpaces(screen.getByTestId('payout-transfer-fee').textContent)).toBe('€30.00');
    await userEvent.type(screen.getByTestId('payout-iban'), 'EE382200221020145685');
    await userEvent.click(screen.getByTestId('payout-submit'));
    expect(screen.getByTestId('field-error-payout-accountHolderDeclared').textContent).toBe(
      'Confirm that the account is in your name',
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('checks the IBAN and the name rule with the server before the confirmation: errors at the fields, focus on the first', async () => {
    const api = givenUploader();
    api.payoutFieldErrors = {
      iban: ['Invalid IBAN'],
      accountHolder: ['Write the name in Latin letters as the bank knows it'],
    };
    renderApp('/en/admin/user/payout', api);
    await userEvent.type(await screen.findByTestId('payout-iban'), 'EE39');
    await userEvent.click(screen.getByTestId('payout-account-holder-declared'));
    await userEvent.click(screen.getByTestId('payout-submit'));
    expect((await screen.findByTestId('field-error-payout-iban')).textContent).toBe('Invalid IBAN');
    expect(screen.getByTestId('field-error-payout-accountHolder').textContent).toBe(
      'Write the name in Latin letters as the bank knows it',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('payout-iban')));
    // No confirmation was asked for, and nothing was requested.
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/uploaders/0195f0c2-0000-7000-8000-0000000000aa/payouts/check',
    ]);
  });

  it('sends the request after confirmation and shows My payouts with the notice', async () => {
    const api = givenUploader();
    const { router } = renderApp('/en/admin/user/payout', api);
    await userEvent.type(await screen.findByTestId('payout-iban'), 'EE38 2200 2210 2014 5685');
    const amount = screen.getByTestId('payout-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await userEvent.click(screen.getByTestId('payout-account-holder-declared'));
    await userEvent.click(screen.getByTestId('payout-submit'));
    // The IBAN as the server keeps it, the name as the bank file writes it.
    expect(normalizeSpaces((await screen.findByTestId('modal')).textContent)).toContain(
      '€150.00 leaves your balance; after the transfer fee of €0.00, €150.00 will be transferred to EE382200221020145685 in the name of Mari Maasikas.',
    );
    await userEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/admin/user/payouts'));
    const post = api.requests.find((r) => r.method === 'POST' && r.path.endsWith('/payouts'))!;
    expect(post.body).toEqual({
      iban: 'EE38 2200 2210 2014 5685',
      accountHolder: 'Mari Maasikas',
      accountHolderDeclared: true,
      amount: 15_000,
    });
    expect((await screen.findByTestId('payout-notice')).textContent).toBe(
      'A requested payout is normally received within 10 working days.',
    );
    const row = await screen.findByTestId('my-payout-row');
    expect(within(row).getByTestId('payout-status').textContent).toBe('Requested (under process)');
  });

  it('shows the server’s IBAN errors under the fields', async () => {
    const api = givenUploader();
    api.payoutFieldErrors = { iban: ['Vigane IBAN'] };
    renderApp('/admin/user/payout', api);
    await userEvent.type(await screen.findByTestId('payout-iban'), 'EE39');
    await userEvent.click(screen.getByTestId('payout-account-holder-declared'));
    await userEvent.click(screen.getByTestId('payout-submit'));
    expect((await screen.findByTestId('field-error-payout-iban')).textContent).toBe('Vigane IBAN');
    expect(screen.getByTestId('payout-iban').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses more than is available without asking the server', async () => {
    const api = givenUploader();
    renderApp('/admin/user/payout', api);
    await userEvent.type(await screen.findByTestId('payout-iban'), 'EE382200221020145685');
    const amount = screen.getByTestId('payout-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '200,01');
    await userEvent.click(screen.getByTestId('payout-submit'));
    expect(screen.getByTestId('field-error-payout-amount').textContent).toBe(
      'Summa on suurem kui väljamakseks saadaolev summa.',
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
