/** The few API shapes (docs/api.md) the journeys read to know what the screens should show. */
export interface DocumentSummary {
  id: string;
  slug: string;
  title: string;
  price: number;
  language: string;
}

export interface DocumentFile {
  id: string;
  title: string;
  format: string;
  pages: number | null;
  sizeKb: number;
}

export interface DocumentDetail extends DocumentSummary {
  files: DocumentFile[];
}

export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
  nextCursor: string | null;
}

export interface BasketLine {
  documentId: string;
  slug: string;
  title: string;
  price: number;
  vat: number;
  licenceFee: number;
  serviceFee: number;
}

export interface Basket {
  id: string;
  documents: BasketLine[];
  documentCount: number;
  subtotal: number;
  serviceFee: number;
  vat: number;
  total: number;
}

export class Api {
  constructor(private readonly baseUrl: string) {}

  async get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${path}`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  /** Total of published documents, asked the cheap way. */
  async catalogueTotal(query = '', filters = ''): Promise<number> {
    const q = query ? `&q=${encodeURIComponent(query)}` : '';
    return (await this.get<DocumentPage>(`/documents?limit=1${q}${filters}`)).total;
  }

  /** Every result of a search (GET /api/documents with the query string), following the cursor. */
  async searchAll(query: string): Promise<DocumentSummary[]> {
    const all: DocumentSummary[] = [];
    let cursor: string | null = null;
    do {
      const more: string = cursor ? `&cursor=${cursor}` : '';
      const page: DocumentPage = await this.get<DocumentPage>(`/documents?limit=50&${query}${more}`);
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  /** The published document with exactly this title (pages through the whole catalogue). */
  async documentTitled(title: string): Promise<DocumentDetail> {
    const summary = (await this.searchAll('')).find((item) => item.title === title);
    if (summary) return this.get<DocumentDetail>(`/documents/${encodeURIComponent(summary.slug)}`);
    throw new Error(`No published document titled ${title}`);
  }

  /** Puts a document into a basket the way the client does (POST /api/baskets/:id/documents). */
  async addToBasket(basketId: string, documentId: string): Promise<Basket> {
    const path = `/baskets/${encodeURIComponent(basketId)}/documents`;
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ documentId }),
    });
    if (!response.ok) throw new Error(`POST /api${path} answered ${response.status}`);
    return (await response.json()) as Basket;
  }

  basket(basketId: string): Promise<Basket> {
    return this.get<Basket>(`/baskets/${encodeURIComponent(basketId)}`);
  }
}
