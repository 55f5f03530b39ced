import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';
import type { MyDocumentRow } from '../api/types';

const row = (id: string, title: string, status: MyDocumentRow['status'], price: number): MyDocumentRow => ({
  id,
  slug: `${title.toLowerCase()}-${id.slice(-12)}`,
  title,
  description: `${title} – kirjeldus`,
  status,
  price,
  canPublish: true,
  createdAt: '2025-03-04T12:00:00.000Z',
  updatedAt: '2025-03-04T12:00:00.000Z',
});

/** The FakeApi plus GET /api/my/documents (filters, counts) and DELETE of one document. */
class MyDocumentsApi extends FakeApi {
  rows = [
    row('0195f0c2-0000-7000-8000-0000000000d1', 'Volikiri', 'published', 450),
    row('0195f0c2-0000-7000-8000-0000000000d2', 'Töövõtuleping', 'draft', 0),
  ];

  constructor() {
    super();
    const base = this.fetch;
    this.fetch = async (input, init = {}) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = (init.method ?? 'GET').toUpperCase();
      if (!url.pathname.startsWith('/api/my/documents')) return base(input, init);
      this.requests.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: undefined,
        url,
      });
      const id = url.pathname.split('/')[4];
      if (method === 'DELETE' && id) {
        this.rows = this.rows.filter((r) => r.id !== id);
        return new Response(null, { status: 204 });
      }
      const filter = url.searchParams.get('filter') ?? 'all';
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = this.rows.filter(
        (r) =>
          (filter === 'all' || (filter === 'public' ? r.status === 'published' : r.price > 0)) &&
          r.title.toLowerCase().includes(q),
      );
      const counts = {
        documents: this.rows.length,
        public: this.rows.filter((r) => r.status === 'published').length,
        paid: this.rows.filter((r) => r.price > 0).length,
      };
      return new Response(JSON.stringify({ items, total: items.length, counts, offset: 0, limit: 50 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    };
  }
}

describe('My documents', () => {
  it('shows the counts, filters All / Public / Paid and by text, and keeps the filter in the address', async () => {
    const api = new MyDocumentsApi();
    givenSignedIn(api, makeUser());
    const { router } = renderApp('/en/admin/user/files', api);

    const rows = await screen.findAllByTestId('my-document-row');
    expect(screen.getByTestId('my-documents-counts').textContent).toBe('Documents: 2 · public: 1 · paid: 1');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Volikiri',
      'Töövõtuleping',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[2]!.textContent).toBe('Public');
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('Not public');
    expect(within(rows[0]!).getAllByRole('cell')[3]!.textContent).toBe('04.03.2025');

    await userEvent.click(screen.getByRole('button', { name: /^Paid/ }));
    await waitFor(() => expect(screen.getAllByTestId('my-document-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?filter=paid');
    expect(screen.getByRole('button', { name: /^Paid/ }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: /^All/ }));
    await userEvent.type(screen.getByLabelText('Filter by text'), 'töö');
    await waitFor(() =>
      expect(screen.getAllByTestId('my-document-row').map((r) => r.getAttribute('data-status'))).toEqual([
        'draft',
      ]),
    );
    expect(api.requests.at(-1)?.query.get('q')).toBe('töö');
  });

  it('deletes a document only after the confirmation', async () => {
    const api = new MyDocumentsApi();
    givenSignedIn(api, makeUser());
    renderApp('/admin/user/files', api);

    const [first] = await screen.findAllByTestId('my-document-row');
    await userEvent.click(within(first!).getByRole('button', { name: 'Kustuta „Volikiri“' }));
    const modal = await screen.findByTestId('modal');
    expect(modal.textContent).toContain('Kustutada dokument?');
    await userEvent.click(within(modal).getByTestId('modal-cancel'));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(within(first!).getByRole('button', { name: 'Kustuta „Volikiri“' }));
    await userEvent.click(within(await screen.findByTestId('modal')).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('my-document-row')).toHaveLength(1));
    // Focus on the list as it is now, never on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('my-document-edit')));
    expect(api.requests.find((r) => r.method === 'DELETE')?.path).toBe(
      '/api/my/documents/0195f0c2-0000-7000-8000-0000000000d1',
    );
  });
});
