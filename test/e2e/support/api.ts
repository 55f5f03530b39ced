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
  offset: number;
  limit: number;
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
  async catalogueTotal(query = ''): Promise<number> {
    const q = query ? `&q=${encodeURIComponent(query)}` : '';
    return (await this.get<DocumentPage>(`/documents?limit=1${q}`)).total;
  }

  /** The published document with exactly this title (pages through the whole catalogue). */
  async documentTitled(title: string): Promise<DocumentDetail> {
    for (let offset = 0; ; offset += 50) {
      const page = await this.get<DocumentPage>(`/documents?limit=50&offset=${offset}`);
      const summary = page.items.find((item) => item.title === title);
      if (summary) return this.get<DocumentDetail>(`/documents/${encodeURIComponent(summary.slug)}`);
      if (page.items.length === 0 || offset + page.items.length >= page.total) break;
    }
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
