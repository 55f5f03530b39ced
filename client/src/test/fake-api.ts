import type { Basket, CatalogueOptions, DocumentDetail, DocumentSummary } from '../api/types';

/**
 * A small in-memory stand-in for the server of docs/api.md, installed as `fetch`: the client's
 * own http code, query hooks and screens run for real, only the network is replaced.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const OPTIONS: CatalogueOptions = {
  fieldsOfLaw: ['employment', 'contract'],
  languages: ['et', 'en'],
  applicableLaws: ['EE', 'FI'],
  formats: ['docx', 'pdf'],
};

export function makeDocument(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    id: '0195f0c2-0000-7000-8000-000000000001',
    slug: 'toeoeleping',
    title: 'Tööleping',
    description: 'Tähtajatu tööleping koos konfidentsiaalsuskokkuleppega.',
    author: null,
    uploader: { id: '0195f0c2-0000-7000-8000-0000000000aa', name: 'Mari Maasikas', company: null },
    fieldOfLaw: 'employment',
    language: 'et',
    applicableLaw: 'EE',
    year: 2024,
    price: 1240,
    tags: ['töö'],
    createdAt: '2025-03-04T12:00:00.000Z',
    updatedAt: '2025-03-05T12:00:00.000Z',
    files: [
      { id: 'f1', title: 'Tööleping', format: 'docx', pages: 4, sizeKb: 38, isMain: true, state: 'done' },
    ],
    ...overrides,
  };
}

function summary(document: DocumentDetail): DocumentSummary {
  const { files: _files, uploader, ...rest } = document;
  return { ...rest, uploader: { id: uploader.id, name: uploader.name } };
}

function emptyBasket(id: string): Basket {
  return {
    id,
    documents: [],
    documentCount: 0,
    subtotal: 0,
    serviceFee: 0,
    vat: 0,
    total: 0,
    activeUntil: null,
    confirmed: false,
    paymentMethods: null,
  };
}

/** Integer cents, like the server: VAT 24 % contained in the price, service fee 20 % of the licence fee. */
function withTotals(basket: Basket): Basket {
  const subtotal = basket.documents.reduce((sum, line) => sum + line.price, 0);
  return {
    ...basket,
    documentCount: basket.documents.length,
    subtotal,
    total: subtotal,
    vat: basket.documents.reduce((sum, line) => sum + line.vat, 0),
    serviceFee: basket.documents.reduce((sum, line) => sum + line.serviceFee, 0),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function error(status: number, code: string, message: string): Response {
  return json(status, { statusCode: status, code, message });
}

export class FakeApi {
  documents: DocumentDetail[] = [];
  baskets = new Map<string, Basket>();
  requests: RecordedRequest[] = [];

  constructor(documents: DocumentDetail[] = [makeDocument()]) {
    this.documents = documents;
  }

  private initialDocumentIds: string[] = [];

  basket(id: string): Basket {
    const stored = this.baskets.get(id);
    if (stored) return stored;
    let basket = emptyBasket(id);
    for (const documentId of this.initialDocumentIds) basket = this.add(basket, documentId);
    return basket;
  }

  /** Given: the browser's basket (whatever its id) already holds these documents. */
  givenBasketHolds(documentIds: string[]): this {
    this.initialDocumentIds = documentIds;
    return this;
  }

  /** The basket id the client has been using. */
  get basketId(): string {
    const request = [...this.requests].reverse().find((r) => r.path.startsWith('/api/baskets/'));
    return request?.path.split('/')[3] ?? '';
  }

  private add(basket: Basket, documentId: string): Basket {
    const document = this.documents.find((d) => d.id === documentId);
    if (!document) throw new Error(`no document ${documentId}`);
    const vat = Math.round((document.price * 24) / 124);
    const licenceFee = document.price - vat;
    return withTotals({
      ...basket,
      activeUntil: '2025-03-05T13:00:00.000Z',
      documents: [
        ...basket.documents,
        {
          documentId,
          slug: document.slug,
          title: document.title,
          price: document.price,
          vat,
          licenceFee,
          serviceFee: Math.round(licenceFee * 0.2),
          addedAt: '2025-03-05T12:00:00.000Z',
        },
      ],
    });
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    this.requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    });
    await Promise.resolve();
    return this.route(method, url, body);
  };

  private route(method: string, url: URL, body: unknown): Response {
    const parts = url.pathname
      .replace(/^\/api\//, '')
      .split('/')
      .map(decodeURIComponent);
    const [root, id, sub, subId] = parts;
    if (method === 'GET' && root === 'catalogue' && id === 'options') return json(200, OPTIONS);
    if (method === 'GET' && root === 'documents' && !id) {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const all = this.documents.filter((d) => !q || d.title.toLowerCase().includes(q)).map(summary);
      return json(200, { items: all.slice(offset, offset + limit), total: all.length, offset, limit });
    }
    if (method === 'GET' && root === 'documents' && id) {
      const document = this.documents.find((d) => d.slug === id);
      return document ? json(200, document) : error(404, 'DOCUMENT.NOT_FOUND', 'Dokumenti ei leitud!');
    }
    if (root === 'baskets' && id) {
      const basket = this.basket(id);
      if (method === 'GET' && !sub) return json(200, basket);
      if (method === 'POST' && sub === 'documents') {
        const documentId = (body as { documentId: string }).documentId;
        if (basket.documents.some((line) => line.documentId === documentId)) {
          return error(409, 'SHOPPING_CART.DOCUMENT_ALREADY_IN_BASKET', 'See dokument on juba ostukorvis!');
        }
        const next = this.add(basket, documentId);
        this.baskets.set(id, next);
        return json(200, next);
      }
      if (method === 'DELETE' && sub === 'documents' && subId) {
        const next = withTotals({
          ...basket,
          documents: basket.documents.filter((l) => l.documentId !== subId),
        });
        this.baskets.set(id, next);
        return json(200, next);
      }
      if (method === 'DELETE' && sub === 'documents') {
        const next = emptyBasket(id);
        this.baskets.set(id, next);
        return json(200, next);
      }
    }
    return error(404, 'ERROR.NOT_FOUND', 'Not found');
  }
}
