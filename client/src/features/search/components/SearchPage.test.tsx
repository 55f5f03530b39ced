import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const many = Array.from({ length: 25 }, (_, i) =>
  makeDocument({
    id: `0195f0c2-0000-7000-8000-${String(i).padStart(12, '0')}`,
    slug: `leping-${i}`,
    title: `Leping ${i}`,
  }),
);

describe('search screen', () => {
  it('shows how many of how many results, and loads more on request', async () => {
    renderApp('/otsing', new FakeApi(many));
    expect((await screen.findByText('Näitan 20 tulemust 25-st')).dataset.testid).toBe('search-count');
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
    await userEvent.type(screen.getByLabelText('Search text'), 'leping 1{Enter}');

    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=leping+1&fieldOfLaw=employment&sort=price-asc'),
    );
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/api/documents').at(-1);
      expect(last?.query.get('q')).toBe('leping 1');
      expect(last?.query.get('sort')).toBe('price-asc');
      expect(last?.query.get('fieldOfLaw')).toBe('employment');
    });
    expect(await screen.findByText('Showing 11 of 11 results')).toBeTruthy();
  });

  it('labels free documents and translates catalogue codes', async () => {
    renderApp('/en/search', new FakeApi([makeDocument({ price: 0 })]));
    const [result] = await screen.findAllByTestId('search-result');
    expect(result?.textContent).toContain('Free');
    expect(result?.textContent).toContain('Employment law');
    expect(result?.textContent).toContain('Estonian');
  });
});
