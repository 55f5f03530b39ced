import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const many = Array.from({ length: 25 }, (_, i) =>
  makeDocument({
    id: `0195f0c2-0000-7000-8000-${String(i).padStart(12, '0')}`,
    slug: `leping-${i}`,
    title: `Leping ${i}`,
    createdAt: `2025-03-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`,
  }),
);

const UPLOADER = '0195f0c2-0000-7000-8000-0000000000bb';
const mixed = [
  makeDocument({
    id: '0195f0c2-0000-7000-8000-000000000101',
    slug: 'a',
    title: 'Üürileping',
    description: 'Eluruumi üürimiseks.',
    fieldOfLaw: 'property',
  }),
  makeDocument({
    id: '0195f0c2-0000-7000-8000-000000000102',
    slug: 'b',
    title: 'Lease Agreement',
    description: 'For landlords.',
    language: 'en',
    fieldOfLaw: 'property',
    year: 2023,
    uploader: { id: UPLOADER, name: 'Liis Saar', company: 'Saar Legal OÜ' },
  }),
  makeDocument({ id: '0195f0c2-0000-7000-8000-000000000103', slug: 'c', title: 'Tööleping' }),
];

describe('search screen', () => {
  it('shows how many of how many results, and loads more', async () => {
    renderApp('/otsing', new FakeApi(many));
    expect((await screen.findByText('Näitan 20 tulemust 25-st')).dataset.testid).toBe('search-count');
    expect(screen.getByRole('status').textContent).toBe('Näitan 20 tulemust 25-st');
    expect(screen.getAllByTestId('search-result')).toHaveLength(20);

    await userEvent.click(screen.getByTestId('search-load-more'));

    expect(await screen.findByText('Näitan 25 tulemust 25-st')).toBeTruthy();
    expect(screen.getAllByTestId('search-result')).toHaveLength(25);
    expect(screen.queryByTestId('search-load-more')).toBeNull();
  });

  it('keeps the filters in the address and sends them to the server', async () => {
    const api = new FakeApi(many);
    const { router } = renderApp('/en/search?fieldOfLaw=employment', api);
    await screen.findByText('Showing 20 of 25 results');
    expect(screen.getByLabelText<HTMLSelectElement>('Field of law').value).toBe('employment');

    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'price-asc');
    await userEvent.type(screen.getByLabelText('Keyword'), 'leping 1{Enter}');

    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=leping+1&fieldOfLaw=employment&sort=price-asc'),
    );
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/api/documents').at(-1);
      expect(last?.query.get('q')).toBe('leping 1');
      expect(last?.query.get('sort')).toBe('price-asc');
      expect(last?.query.get('fieldOfLaw')).toBe('employment');
    });
    await waitFor(() =>
      expect(screen.getByTestId('search-count').textContent).toBe('Showing 12 of 12 results'),
    );
  }, 15_000);

  it('opens the advanced search for title, author, year, applicable law and format, with counts', async () => {
    const api = new FakeApi(mixed);
    const { router } = renderApp('/en/search', api);
    await screen.findByText('Showing 3 of 3 results');
    const toggle = screen.getByRole('button', { name: 'Advanced search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('searchbox', { name: 'Title' })).toBeNull();

    await userEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('option', { name: 'Employment law (1)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '2023 (1)' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2023');
    await waitFor(() => expect(router.state.location.search).toBe('?year=2023'));
    expect(await screen.findByText('Showing 1 of 1 results')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Author or uploader'), 'Saar{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?author=Saar&year=2023'));
  }, 15_000);

  it('explains an empty result and offers to remove each filter', async () => {
    const api = new FakeApi(mixed);
    const { router } = renderApp('/en/search?q=lease&language=et', api);
    const empty = await screen.findByTestId('search-empty');
    expect(empty.textContent).toContain('No document contains every word of “lease”');

    await userEvent.click(within(empty).getByRole('button', { name: 'Remove: Language Estonian' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=lease'));
    expect(await screen.findByText('Showing 1 of 1 results')).toBeTruthy();
  });

  it('opens with the word of the {keyWord} route and keeps a new word in the path', async () => {
    const { router } = renderApp('/otsing/tooleping', new FakeApi(mixed));
    expect(await screen.findByText('Näitan 1 tulemust 1-st')).toBeTruthy();
    const keyword = screen.getByLabelText<HTMLInputElement>('Märksõna');
    expect(keyword.value).toBe('tooleping');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'üüri leping{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/otsing/%C3%BC%C3%BCri%20leping'));
    expect(await screen.findByText('Näitan 1 tulemust 1-st')).toBeTruthy();
  });

  it("heads the uploader's route with their public name and company and keeps the route when filtering", async () => {
    const { router } = renderApp(`/en/search/uploader/${UPLOADER}`, new FakeApi(mixed));
    expect((await screen.findByText('Documents by Liis Saar')).dataset.testid).toBe('search-heading');
    expect(screen.getByText('Saar Legal OÜ')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'oldest');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/en/search/uploader/${UPLOADER}`));
    expect(router.state.location.search).toBe('?sort=oldest');
  });

  it('ignores what the address says that the search cannot use, and writes the address again without it', async () => {
    const api = new FakeApi(mixed);
    const { router } = renderApp(
      '/en/search?sort=bogus&year=abc&language=xx&colour=red&fieldOfLaw=employment',
      api,
    );

    expect(await screen.findByText('Showing 1 of 1 results')).toBeTruthy();
    const searches = api.requests.filter((r) => r.path === '/api/documents');
    expect(searches.map((r) => [...r.query.keys()].sort().join())).toEqual(['fieldOfLaw,limit']);
    expect(screen.queryByTestId('search-empty')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId<HTMLSelectElement>('search-language').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Field of law').value).toBe('employment');
    const shown = (id: string) =>
      [...screen.getByTestId<HTMLSelectElement>(id).options].map((option) => option.value);
    expect(shown('search-language')).not.toContain('xx');
    await userEvent.click(screen.getByRole('button', { name: 'Advanced search' }));
    expect(shown('search-year')).not.toContain('abc');
    expect(shown('search-sort')).not.toContain('bogus');
    await waitFor(() => expect(router.state.location.search).toBe('?fieldOfLaw=employment'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows that the uploader of an id that is no id is not found, without asking for a search', async () => {
    const api = new FakeApi(mixed);
    renderApp('/en/search/uploader/garbage', api);
    const notFound = await screen.findByTestId('uploader-not-found');
    expect(within(notFound).getByRole('heading').textContent).toBe('Uploader not found');
    expect(within(notFound).getByRole('link', { name: 'Search all documents' }).getAttribute('href')).toBe(
      '/en/search',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests.filter((r) => r.path === '/api/documents')).toEqual([]);
  });

  it('shows that an uploader the shop does not have is not found, rather than everyone’s documents', async () => {
    renderApp('/otsing/uleslaadija/0195f0c2-0000-7000-8000-0000000000ff', new FakeApi(mixed));
    const notFound = await screen.findByTestId('uploader-not-found');
    expect(within(notFound).getByRole('heading').textContent).toBe('Üleslaadijat ei leitud');
    expect(screen.queryByTestId('search-result')).toBeNull();
    expect(screen.queryByTestId('search-count')).toBeNull();
  });

  it('labels free documents and translates catalogue codes', async () => {
    renderApp('/en/search', new FakeApi([makeDocument({ price: 0 })]));
    const [result] = await screen.findAllByTestId('search-result');
    expect(result?.textContent).toContain('Free');
    expect(result?.textContent).toContain('Employment law');
    expect(result?.textContent).toContain('Estonian');
    expect(result?.textContent).toContain('Formats: DOCX');
    expect(screen.queryByTestId('search-result-edit')).toBeNull();
  });
});
