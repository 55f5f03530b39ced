import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeDocument, makeUser } from '../../../test/fake-api';
import { normalizeSpaces, renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';

describe('document screen', () => {
  it('shows the overview and, on the files tab, each file with pages and size', async () => {
    renderApp('/dokument/toeoeleping', new FakeApi([makeDocument()]));
    expect((await screen.findByTestId('document-title')).textContent).toBe('Tööleping');
    const overview = screen.getByRole('tabpanel');
    expect(overview.textContent).toContain('Tööõigus');
    expect(overview.textContent).toContain('04.03.2025');
    expect(overview.textContent).toContain('05.03.2025');
    expect(normalizeSpaces(screen.getByTestId('document-price').textContent)).toBe('12,40 €');
    expect(screen.getByTestId('uploader-documents-link').getAttribute('href')).toBe(
      '/otsing/uleslaadija/0195f0c2-0000-7000-8000-0000000000aa',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Failid (1)' }));
    const [file] = screen.getAllByTestId('document-file');
    expect(file?.textContent).toContain('DOCX');
    expect(file?.textContent).toContain('38 kB');
    expect(file?.textContent).toContain('4');
  });

  it('shows the uploader’s public details, and Edit only to the uploader', async () => {
    const document = makeDocument({
      status: 'published',
      uploader: {
        id: '0195f0c2-0000-7000-8000-0000000000aa',
        name: 'Mari Maasikas',
        company: 'Maasikas Õigusbüroo',
        profile: { areasOfPractice: 'Tööõigus, lepingud', additionalInfo: 'Vandeadvokaat', country: 'EE' },
      },
    });
    renderApp('/en/document/toeoeleping', new FakeApi([document]));
    // The English texts are there once the tab says so.
    await screen.findByRole('tab', { name: 'Overview' });
    const overview = screen.getByRole('tabpanel');
    expect(overview.textContent).toContain('Maasikas Õigusbüroo');
    expect(overview.textContent).toContain('Tööõigus, lepingud');
    expect(overview.textContent).toContain('Vandeadvokaat');
    expect(overview.textContent).toContain('Estonia');
    expect(screen.queryByTestId('owner-edit')).toBeNull();
  });

  it('shows page one’s preview alone while the pages are not rendered yet', async () => {
    const document = makeDocument({
      preview: {
        url: '/api/documents/toeoeleping/preview?v=abcb',
        width: 800,
        height: 1131,
        clearBandHeight: 340,
        blurred: true,
      },
      pages: [],
    });
    renderApp('/en/document/toeoeleping', new FakeApi([document]));
    const stage = await screen.findByTestId('viewer-open');
    const image = stage.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/api/documents/toeoeleping/preview?v=abcb');
    expect(image.getAttribute('alt')).toBe('„Tööleping“, page 1');
    expect(image.getAttribute('data-blurred')).toBe('true');
    expect(screen.queryAllByTestId('viewer-thumbnail')).toHaveLength(0);
    expect(screen.getByText(/every other page, is blurred until you buy the document/)).toBeTruthy();
  });

  it('offers Edit to the document’s own uploader', async () => {
    const api = new FakeApi([makeDocument({ status: 'published' })]);
    givenSignedIn(api, makeUser());
    renderApp('/en/document/toeoeleping', api);
    const edit = await screen.findByTestId('owner-edit');
    expect(edit.getAttribute('href')).toBe('/en/admin/user/upload/0195f0c2-0000-7000-8000-000000000001');
    expect(edit.textContent).toBe('Edit');
  });

  it('shows every page as a thumbnail and the headings in clear text; a page opens full screen and Back closes it', async () => {
    const page = (number: number) => ({
      number,
      url: `/api/documents/toeoeleping/pages/${number}?v=x`,
      thumbnailUrl: `/api/documents/toeoeleping/pages/${number}/thumbnail?v=x`,
      width: 800,
      height: 1131,
      thumbnailWidth: 200,
      thumbnailHeight: 283,
      clearBandHeight: number === 1 ? 340 : 0,
      blurred: true,
    });
    const doc = makeDocument({
      pages: [page(1), page(2), page(3)],
      pageCount: 5,
      contents: [
        { level: 1, text: '1. Üldsätted', page: 1 },
        { level: 2, text: '1.1 Mõisted', page: 1 },
        { level: 1, text: '3. Töötasu', page: 3 },
        { level: 1, text: 'Lisad', page: 5 },
      ],
    });
    const { router } = renderApp('/dokument/toeoeleping', new FakeApi([doc]));
    const thumbnails = await screen.findAllByTestId('viewer-thumbnail');
    expect(thumbnails.map((thumbnail) => thumbnail.querySelector('img')?.getAttribute('src'))).toEqual([
      '/api/documents/toeoeleping/pages/1/thumbnail?v=x',
      '/api/documents/toeoeleping/pages/2/thumbnail?v=x',
      '/api/documents/toeoeleping/pages/3/thumbnail?v=x',
    ]);
    expect(screen.getByText('Leheküljed 4–5 eelvaates puuduvad.')).toBeTruthy();
    expect(screen.getByTestId('viewer-count').textContent).toBe('Lehekülg 1 / 5');

    // The contents in clear text: a heading on a page of the preview shows that page, the others are text.
    const contents = screen.getByTestId('document-contents');
    expect(
      [...contents.querySelectorAll('[data-testid="contents-entry"]')].map((entry) =>
        entry.children.length > 0
          ? [...entry.children]
              .filter((part) => !part.classList.contains('visually-hidden'))
              .map((part) => part.textContent)
              .join(' ')
          : entry.textContent,
      ),
    ).toEqual(['1. Üldsätted lk 1', '1.1 Mõisted lk 1', '3. Töötasu lk 3', 'Lisad']);
    await userEvent.click(screen.getByRole('button', { name: /^3\. Töötasu ?, lehekülg 3$/ }));
    const stage = screen.getByTestId('viewer-open');
    expect(stage.getAttribute('data-page')).toBe('3');
    expect(document.activeElement).toBe(stage);

    // Full screen: in the address's hash, so the browser's Back closes it.
    await userEvent.click(stage);
    expect(router.state.location.hash).toBe('#page-3');
    const dialog = screen.getByTestId('viewer-dialog');
    expect(screen.getByTestId('viewer-dialog-image').getAttribute('src')).toBe(
      '/api/documents/toeoeleping/pages/3?v=x',
    );
    expect(screen.getByTestId('viewer-dialog-count').textContent).toBe('Lehekülg 3 / 5');
    await userEvent.click(screen.getByTestId('viewer-previous'));
    expect(router.state.location.hash).toBe('#page-2');
    await userEvent.click(screen.getByTestId('viewer-zoom-in'));
    expect(screen.getByTestId('viewer-zoom').textContent).toBe('Suurendus 150 %');
    await router.back();
    expect(await screen.findByTestId('viewer-open')).toBeTruthy();
    expect(router.state.location.hash).toBe('');
    expect(dialog.querySelector('[data-testid="viewer-dialog-image"]')).toBeNull();
  });

  it('tells a signed-in buyer who owns the document, with the way to its files; buying again is a choice', async () => {
    const api = new FakeApi([makeDocument({ status: 'published' })]);
    givenSignedIn(api, makeUser({ id: '0195f0c2-0000-7000-8000-0000000000bb' }));
    api.ownedPurchases.set('0195f0c2-0000-7000-8000-000000000001', [
      { id: '0195f0c2-0000-7000-8000-0000000000cc', number: '0195F0C2', paidAt: '2025-05-02T10:00:00.000Z' },
    ]);
    renderApp('/en/document/toeoeleping', api);
    const owned = await screen.findByTestId('document-owned');
    expect([...owned.children].map((part) => part.textContent)).toEqual([
      'You have bought this',
      'Bought on 02.05.2025, purchase 0195F0C2.',
      'Open its files',
    ]);
    expect(screen.getByTestId('document-owned-link').getAttribute('href')).toBe(
      '/en/purchase-summary/0195f0c2-0000-7000-8000-0000000000cc',
    );
    const again = screen.getByTestId('buy-again');
    expect(again.hasAttribute('open')).toBe(false);
    expect(screen.getAllByTestId('add-to-cart')).toHaveLength(1);
    expect(again.contains(screen.getByTestId('add-to-cart'))).toBe(true);
  });

  it('gets a free document in one step: Get it free, the e-mail and the terms, then its files; the basket is left alone', async () => {
    const api = new FakeApi([makeDocument({ price: 0, status: 'published' })]);
    const { router } = renderApp('/en/document/toeoeleping', api);
    await userEvent.click(await screen.findByTestId('get-free'));
    const email = screen.getByTestId('free-checkout-email');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
    await userEvent.type(email, 'mari@example.ee');
    await userEvent.click(screen.getByTestId('free-checkout-terms'));
    await userEvent.click(screen.getByTestId('free-checkout-submit'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/en\/purchase-summary\//));
    const [add, get] = api.requests.filter((r) => r.method === 'POST');
    expect(add!.path).toMatch(/^\/api\/baskets\/[0-9a-f-]{36}\/documents$/);
    expect(get!.path).toBe(add!.path.replace(/documents$/, 'free-checkout'));
    // A basket of its own: the visitor's own basket (the one the page reads) is not the one used.
    const own = api.requests.find((r) => r.method === 'GET' && /^\/api\/baskets\/[^/]+$/.test(r.path))!;
    expect(add!.path.startsWith(`${own.path}/`)).toBe(false);
  }, 20_000);

  it('says kindly that an unknown document was not found', async () => {
    renderApp('/en/document/no-such-thing', new FakeApi([]));
    expect((await screen.findByTestId('document-not-found')).textContent).toContain('Document not found');
  });
});
