import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { givenSignedIn } from '../../../test/session';
import type { MyDocument } from '../api/types';

const DOCUMENT_ID = '0195f0c2-0000-7000-8000-0000000000d1';

function aMyDocument(overrides: Partial<MyDocument> = {}): MyDocument {
  return {
    id: DOCUMENT_ID,
    slug: 'uurileping-0000000000d1',
    status: 'draft',
    details: {
      title: 'Üürileping',
      description: 'Korteri üürileping',
      author: null,
      language: 'et',
      fieldOfLaw: 'contract',
      applicableLaw: 'EE',
      tags: ['üür'],
      year: 2025,
      price: 1240,
    },
    files: [],
    canPublish: false,
    preview: null,
    earnings: { price: 1240, vat: 240, licenceFee: 1000, serviceFee: 200, uploaderEarnings: 800 },
    createdAt: '2025-03-04T12:00:00.000Z',
    updatedAt: '2025-03-04T12:00:00.000Z',
    ...overrides,
  };
}

/** The FakeApi plus the uploader's calls of docs/api.md "My documents". */
class UploaderApi extends FakeApi {
  document = aMyDocument();

  constructor() {
    super();
    const base = this.fetch;
    this.fetch = async (input, init = {}) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === `/api/my/documents/${DOCUMENT_ID}`) {
        this.requests.push({
          method: init.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: new Headers(init.headers),
          body: undefined,
          url,
        });
        return json(this.document);
      }
      const fileAction = url.pathname.match(/^\/api\/my\/documents\/[^/]+\/(main-file|files\/([^/]+))$/);
      if (fileAction && init.method !== undefined && init.method !== 'GET') {
        const body =
          typeof init.body === 'string' ? (JSON.parse(init.body) as { fileId?: string }) : undefined;
        this.requests.push({
          method: init.method,
          path: url.pathname,
          query: url.searchParams,
          headers: new Headers(init.headers),
          body,
          url,
        });
        const files =
          fileAction[1] === 'main-file'
            ? this.document.files.map((file) => ({ ...file, isMain: file.id === body?.fileId }))
            : this.document.files.filter((file) => file.id !== decodeURIComponent(fileAction[2]!));
        this.document = { ...this.document, files };
        return json(this.document);
      }
      if (url.pathname === '/api/my/price-split') {
        const price = Number(url.searchParams.get('price'));
        this.requests.push({
          method: 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: new Headers(init.headers),
          body: undefined,
          url,
        });
        // The server's split (domain/shared/fees.ts) for the prices this test types.
        const splits: Record<number, MyDocument['earnings']> = {
          1240: this.document.earnings,
          2480: { price: 2480, vat: 480, licenceFee: 2000, serviceFee: 400, uploaderEarnings: 1600 },
        };
        return json(splits[price]);
      }
      return base(input, init);
    };
  }
}

/** A stand-in XMLHttpRequest that reports upload progress and answers like the server. */
class FakeXhr {
  static sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  static answer: () => { status: number; body: unknown } = () => ({ status: 201, body: {} });
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(body: { size: number }) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    setTimeout(
      () => this.upload.onprogress?.({ loaded: body.size / 2, total: body.size, lengthComputable: true }),
      0,
    );
    setTimeout(() => {
      const { status, body: answer } = FakeXhr.answer();
      this.status = status;
      this.responseText = JSON.stringify(answer);
      this.onload?.();
    }, 50);
  }
}

function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

afterEach(() => {
  FakeXhr.sent = [];
  vi.unstubAllGlobals();
});

describe('Upload/Edit document', () => {
  it('refuses a wrong extension, a file over 40 MB and an empty file before sending anything', async () => {
    const api = new UploaderApi();
    givenSignedIn(api, makeUser());
    renderApp(`/en/admin/user/upload/${DOCUMENT_ID}`, api);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);

    const input = await screen.findByLabelText('Choose files');
    await userEvent.upload(
      input,
      [fileOf('photo.jpg', 1000), fileOf('huge.pdf', 40 * 1024 * 1024 + 1), fileOf('empty.txt', 0)],
      { applyAccept: false },
    );

    const errors = await screen.findAllByTestId('upload-error');
    expect(errors.map((e) => e.textContent)).toEqual([
      'Only files with the following extensions are allowed: .doc, .docx, .pdf, .txt, .rtf, .odt and .mobi',
      'The file is larger than 40 MB.',
      'The file is empty.',
    ]);
    expect(FakeXhr.sent).toEqual([]);
    expect(input.getAttribute('accept')).toBe('.doc,.docx,.pdf,.txt,.rtf,.odt,.mobi');
  });

  it('shows each file’s upload progress, then the file processing in the files list', async () => {
    const api = new UploaderApi();
    givenSignedIn(api, makeUser());
    renderApp(`/admin/user/upload/${DOCUMENT_ID}`, api);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const uploaded = aMyDocument({
      files: [
        {
          id: 'f1',
          title: 'Üürileping.pdf',
          format: 'pdf',
          pages: null,
          sizeKb: 120,
          isMain: true,
          state: 'processing',
          failureReason: null,
        },
      ],
    });
    FakeXhr.answer = () => ({ status: 201, body: uploaded });

    await userEvent.upload(await screen.findByLabelText('Vali failid'), fileOf('Üürileping.pdf', 122_880));
    const progress = await screen.findByTestId('upload-progress');
    expect(progress.getAttribute('aria-labelledby')).toBeTruthy();
    await waitFor(() => expect(progress.getAttribute('value')).toBe('50'));
    const row = await screen.findByTestId('file-row');
    expect(within(row).getByTestId('file-state').textContent).toBe('Töötlemisel…');
    expect(row.getAttribute('data-main')).toBe('true');
    expect(screen.queryByTestId('upload-queue')).toBeNull();

    const sent = FakeXhr.sent[0]!;
    expect(sent.url).toBe(`/api/my/documents/${DOCUMENT_ID}/files?name=%C3%9C%C3%BCrileping.pdf`);
    expect(sent.headers['Content-Type']).toBe('application/octet-stream');
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
  });

  it('says what the uploader earns per sale, as the server splits the typed price', async () => {
    const api = new UploaderApi();
    givenSignedIn(api, makeUser());
    renderApp(`/en/admin/user/upload/${DOCUMENT_ID}`, api);

    const earnings = await screen.findByTestId('upload-earnings');
    await waitFor(() => expect(earnings.textContent).toBe('You earn €8.00 per sale'));
    const price = screen.getByLabelText('Price (€, incl. Estonian VAT)');
    await userEvent.clear(price);
    await userEvent.type(price, '24.80');
    await waitFor(() =>
      expect(screen.getByTestId('upload-earnings').textContent).toBe('You earn €16.00 per sale'),
    );

    await userEvent.clear(price);
    await userEvent.type(price, '1000.01');
    await userEvent.click(screen.getByTestId('document-save'));
    expect(screen.getByTestId('field-error-document-price').textContent).toBe(
      'The maximum document fee is 1000 euros. For a higher fee, please contact the service provider.',
    );
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('puts focus on the result: the new main file’s row, then the files’ section after a removal', async () => {
    const api = new UploaderApi();
    const file = (id: string, title: string, isMain: boolean) => ({
      id,
      title,
      format: 'pdf',
      pages: 2,
      sizeKb: 120,
      isMain,
      state: 'done' as const,
      failureReason: null,
    });
    api.document = aMyDocument({
      files: [file('f1', 'Üürileping.pdf', true), file('f2', 'Lisa.pdf', false)],
    });
    givenSignedIn(api, makeUser());
    renderApp(`/admin/user/upload/${DOCUMENT_ID}`, api);

    await userEvent.click(await screen.findByTestId('file-set-main'));
    const second = () => screen.getAllByTestId('file-row').find((row) => row.dataset.fileId === 'f2')!;
    await waitFor(() => expect(second().getAttribute('data-main')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(within(second()).getByTestId('file-delete')));

    await userEvent.click(within(second()).getByTestId('file-delete'));
    await userEvent.click(within(await screen.findByTestId('modal')).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(1));
    await waitFor(() => expect(document.activeElement?.id).toBe('document-files-title'));
  });

  it('offers only what can be done: a file that failed processing is never offered as the main file', async () => {
    const api = new UploaderApi();
    const file = (id: string, title: string, isMain: boolean, state: 'done' | 'error') => ({
      id,
      title,
      format: 'pdf',
      pages: state === 'done' ? 2 : null,
      sizeKb: 120,
      isMain,
      state,
      failureReason: state === 'error' ? 'unreadable' : null,
    });
    api.document = aMyDocument({
      files: [file('f1', 'Üürileping.pdf', true, 'done'), file('f2', 'Katki.pdf', false, 'error')],
    });
    givenSignedIn(api, makeUser());
    renderApp(`/admin/user/upload/${DOCUMENT_ID}`, api);

    const rows = await screen.findAllByTestId('file-row');
    const failed = rows.find((row) => row.dataset.fileId === 'f2')!;
    expect(within(failed).queryByTestId('file-set-main')).toBeNull();
    expect(within(failed).getByTestId('file-delete')).toBeTruthy();
    // The actions sit in the table's actions column, which stays in view at the card's right edge while the
    // table scrolls (components/data-table.css), inside a scroll box named by the table's caption.
    const main = rows.find((row) => row.dataset.fileId === 'f1')!;
    for (const row of [main, failed])
      expect(within(row).getByTestId('file-delete').closest('td')?.classList.contains('table__actions')).toBe(
        true,
      );
    const scrollBox = screen.getByTestId('files-table').parentElement!;
    expect(screen.getByRole('group', { name: 'Failid' })).toBe(scrollBox);
    expect(scrollBox.tabIndex).toBe(0);
  });
});
