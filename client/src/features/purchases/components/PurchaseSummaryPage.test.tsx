import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PURCHASE_ID, FakeApi } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import type { PurchaseSummary } from '../api/get-purchase';

function aPurchase(overrides: Partial<PurchaseSummary> = {}): PurchaseSummary {
  return {
    id: FAKE_PURCHASE_ID,
    number: '0195F0C2',
    status: 'paid',
    createdAt: '2026-03-14T10:00:00.000Z',
    activeUntil: '2026-03-14T10:30:00.000Z',
    paidAt: '2026-03-14T10:05:00.000Z',
    canceledAt: null,
    cancelReason: null,
    refundDue: false,
    language: 'et',
    payer: {
      email: 'mari@example.ee',
      firstName: 'Mari',
      lastName: 'Maasikas',
      address: 'Tartu mnt 1',
      country: 'EE',
    },
    paymentMethod: 'banklink:ee:swedbank',
    documents: [
      {
        documentId: 'd1',
        slug: 'tooleping',
        title: 'Tööleping',
        uploaderName: 'Kadri Tamm',
        price: 1240,
        files: [
          {
            fileId: 'f1',
            title: 'Tööleping',
            fileName: 'Tööleping.docx',
            format: 'docx',
            sizeKb: 46,
            pages: 7,
            downloadUrl: 'http://localhost:3000/api/purchases/p/files/f1?expires=1&signature=a',
          },
        ],
      },
    ],
    totals: { price: 1240, vat: 240, taxableAmount: 1000 },
    vat: { treatment: 'domestic', rate: 2400, vatCountry: 'EE', buyerCountry: 'EE' },
    linksValidUntil: '2026-03-15T10:05:00.000Z',
    linksExpired: false,
    archiveUrl: 'http://localhost:3000/api/purchases/p/archive?expires=1&signature=b',
    invoice: { companyName: 'Firma OÜ', registryCode: '12345678', vatNumber: null, number: 'LT-000007' },
    documentUrl: 'http://localhost:3000/api/purchases/p/invoice?expires=1&signature=c',
    documentNumber: 'LT-000007',
    eInvoiceUrl: 'http://localhost:3000/api/purchases/p/invoice.xml?expires=1&signature=d',
    ...overrides,
  };
}

describe('purchase summary', () => {
  it('shows the payer, each document with its uploader and files, the zip, the 24-hour notice and the invoice', async () => {
    const api = new FakeApi();
    api.purchases.set(FAKE_PURCHASE_ID, aPurchase());
    renderApp(`/ostu-kokkuvote/${FAKE_PURCHASE_ID}`, api);
    const document = await screen.findByTestId('purchase-document');
    expect(within(document).getByRole('heading').textContent).toBe('Tööleping');
    expect(document.textContent).toContain('Üleslaadija: Kadri Tamm');
    const download = within(document).getByRole('link', { name: 'Laadi alla Tööleping.docx' });
    expect(download.getAttribute('href')).toContain('/files/f1');
    expect(screen.getByTestId('purchase-archive').getAttribute('href')).toContain('/archive');
    expect(normalizeSpaces(screen.getByTestId('purchase-links-valid').textContent)).toMatch(
      /^Allalaadimislingid kehtivad umbes 24 tundi, kuni 15\.03\.2026 \d\d:05\.$/,
    );
    expect(screen.getByTestId('purchase-payer').textContent).toBe('Mari Maasikas');
    expect(screen.getByTestId('purchase-invoice').textContent).toBe('Arve LT-000007 (PDF)');
  });

  it("opens with the buyer's access key from the address's fragment, and sends it only as a header", async () => {
    const api = new FakeApi();
    const key = 'k'.repeat(43);
    api.purchases.set(FAKE_PURCHASE_ID, aPurchase());
    api.purchaseKeys.set(FAKE_PURCHASE_ID, key);
    renderApp(`/ostu-kokkuvote/${FAKE_PURCHASE_ID}#key=${key}`, api);
    await screen.findByTestId('purchase-document');
    const asked = api.requests.filter((r) => r.path === `/api/purchases/${FAKE_PURCHASE_ID}`);
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      expect(request.headers.get('X-Purchase-Key')).toBe(key);
      expect(request.url.search).not.toContain(key);
    }
  });

  it('opens nothing by the purchase id alone: it says how a purchase opens and offers fresh links', async () => {
    const api = new FakeApi();
    api.purchases.set(FAKE_PURCHASE_ID, aPurchase());
    api.purchaseKeys.set(FAKE_PURCHASE_ID, 'k'.repeat(43));
    renderApp(`/en/purchase-summary/${FAKE_PURCHASE_ID}`, api);
    // The English texts may arrive a moment after the page: wait for them.
    expect((await screen.findByText('Purchase not found!')).getAttribute('data-testid')).toBe(
      'purchase-not-found',
    );
    expect(screen.getByText(/opens with the link in its confirmation e-mail/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lost the link?' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Purchase number').value).toBe('');
    expect(screen.queryByTestId('purchase-payer')).toBeNull();
  });

  it('tells the payer that money paid for a purchase that had ended is given back', async () => {
    const api = new FakeApi();
    api.purchases.set(
      FAKE_PURCHASE_ID,
      aPurchase({
        status: 'canceled',
        cancelReason: 'superseded',
        refundDue: true,
        paidAt: null,
        archiveUrl: null,
      }),
    );
    renderApp(`/en/purchase-summary/${FAKE_PURCHASE_ID}`, api);
    expect((await screen.findByTestId('purchase-status')).textContent).toBe(
      'This purchase was replaced by a newer checkout of the same basket; nothing was bought with it.',
    );
    expect(screen.getByTestId('purchase-refund-due').textContent).toContain('will be returned to the payer');
  });

  it('offers fresh links once they ran out', async () => {
    const api = new FakeApi();
    api.purchases.set(FAKE_PURCHASE_ID, aPurchase({ linksExpired: true, archiveUrl: null, documents: [] }));
    renderApp(`/en/purchase-summary/${FAKE_PURCHASE_ID}`, api);
    expect((await screen.findByRole('heading', { name: 'The links have expired' })).textContent).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Purchase number').value).toBe('0195F0C2');
    expect(screen.getByLabelText("Payer's e-mail")).toBeTruthy();
    expect(screen.queryByTestId('purchase-archive')).toBeNull();
  });

  it.each([
    ['/ostu-kokkuvote', 'expired', 'See link on aegunud', /kehtivad umbes 24 tundi/],
    ['/en/purchase-summary', 'invalid', 'This link is not valid', /newer links have replaced it/],
  ])(
    'a download link that did not open (%s?link=%s) says so in its own words and offers fresh links, the number filled in',
    async (base, link, title, text) => {
      renderApp(`${base}/${FAKE_PURCHASE_ID}?link=${link}`, new FakeApi());
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
      expect(screen.getByTestId('purchase-link-failed-text').textContent).toMatch(text);
      expect(
        screen.getByLabelText<HTMLInputElement>(link === 'expired' ? 'Ostu number' : 'Purchase number').value,
      ).toBe('0195F0C2');
      expect(screen.getByTestId('fresh-links-submit')).toBeTruthy();
    },
  );

  it('a signed-in buyer sent here by an old link sees the purchase, told its links are new', async () => {
    const api = new FakeApi();
    api.purchases.set(FAKE_PURCHASE_ID, aPurchase());
    renderApp(`/en/purchase-summary/${FAKE_PURCHASE_ID}?link=expired`, api);
    expect((await screen.findByTestId('purchase-link-replaced')).textContent).toBe(
      'The link you followed no longer works; the links on this page are new.',
    );
    expect(screen.getByTestId('purchase-archive')).toBeTruthy();
  });
});
