import { emptyBasket } from '../features/basket/api/get-basket';
import type {
  AdminUser,
  Basket,
  CatalogueOptions,
  ClientConfig,
  DocumentDetail,
  DocumentSummary,
  ProductUser,
} from '../api/types';

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
  /** The whole URL (identity-provider calls go to the issuer, not /api). */
  url: URL;
}

export const OPTIONS: CatalogueOptions = {
  fieldsOfLaw: ['employment', 'contract'],
  languages: ['et', 'en'],
  applicableLaws: ['EE', 'FI'],
  formats: ['docx', 'pdf'],
};

export function makeDocument(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  const document: DocumentDetail = {
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
    formats: [],
    ...overrides,
  };
  const formats = [...new Set(document.files.filter((f) => f.state === 'done').map((f) => f.format))];
  return { ...document, formats: overrides.formats ?? formats };
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A small stand-in for GET /api/documents: folded substring matching, the filters, sorts, an offset cursor and facets. */
function searchFake(documents: DocumentDetail[], params: URLSearchParams) {
  const get = (name: string) => params.get(name) ?? '';
  const words = (text: string) => fold(text).split(/\s+/).filter(Boolean);
  const matches = (d: DocumentDetail, without = '') =>
    words(get('q')).every((w) => fold(`${d.title} ${d.description}`).includes(w)) &&
    words(get('title')).every((w) => fold(d.title).includes(w)) &&
    words(get('author')).every((w) => fold(d.uploader.name).includes(w)) &&
    (without === 'fieldOfLaw' || !get('fieldOfLaw') || d.fieldOfLaw === get('fieldOfLaw')) &&
    (without === 'language' || !get('language') || d.language === get('language')) &&
    (without === 'year' || !get('year') || String(d.year) === get('year')) &&
    (without === 'format' || !get('format') || d.formats.includes(get('format'))) &&
    (!get('applicableLaw') || d.applicableLaw === get('applicableLaw')) &&
    (!get('uploaderId') || d.uploader.id === get('uploaderId'));
  const sort = get('sort') || (get('q') || get('title') ? 'relevance' : 'newest');
  const order: Record<string, (a: DocumentDetail, b: DocumentDetail) => number> = {
    relevance: () => 0,
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
    oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
    'price-desc': (a, b) => b.price - a.price,
    'price-asc': (a, b) => a.price - b.price,
  };
  const all = documents.filter((d) => matches(d)).sort(order[sort]);
  const offset = Number(get('cursor') || 0);
  const limit = Number(get('limit') || 20);
  const count = (facet: string, values: (d: DocumentDetail) => string[]) => {
    const counts: Record<string, number> = {};
    for (const d of documents.filter((doc) => matches(doc, facet)))
      for (const v of values(d)) counts[v] = (counts[v] ?? 0) + 1;
    return counts;
  };
  const uploader = documents.find((d) => d.uploader.id === get('uploaderId'))?.uploader ?? null;
  return {
    items: all.slice(offset, offset + limit).map(summary),
    total: all.length,
    nextCursor: offset + limit < all.length ? String(offset + limit) : null,
    sort,
    facets: {
      fieldOfLaw: count('fieldOfLaw', (d) => [d.fieldOfLaw]),
      language: count('language', (d) => [d.language]),
      format: count('format', (d) => d.formats),
      year: count('year', (d) => [String(d.year)]),
    },
    uploader,
  };
}

function summary(document: DocumentDetail): DocumentSummary {
  const { files: _files, uploader, ...rest } = document;
  return { ...rest, uploader: { id: uploader.id, name: uploader.name } };
}

/** Integer cents, like the server: the net prices, Estonian VAT 24 % on their sum (half up), the service fee. */
function withTotals(basket: Basket): Basket {
  const subtotal = basket.documents.reduce((sum, line) => sum + line.licenceFee, 0);
  const vat = Math.floor((subtotal * 2400 + 5000) / 10_000);
  return {
    ...basket,
    documentCount: basket.documents.length,
    subtotal,
    vat,
    total: subtotal + vat,
    listTotal: basket.documents.reduce((sum, line) => sum + line.price, 0),
    vatTreatment: {
      treatment: 'domestic',
      vatCountry: 'EE',
      buyerCountry: null,
      rate: 2400,
      confirmed: basket.confirmed,
    },
    serviceFee: basket.documents.reduce((sum, line) => sum + line.serviceFee, 0),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function error(status: number, code: string, message: string, errors?: Record<string, string[]>): Response {
  return json(status, { statusCode: status, code, message, ...(errors ? { errors } : {}) });
}

export class FakeApi {
  documents: DocumentDetail[] = [];
  baskets = new Map<string, Basket>();
  /** Purchases by id, as GET /api/purchases/:id answers them. */
  purchases = new Map<string, unknown>();
  /** The buyer's access key of a purchase: when set, GET /api/purchases/:id needs it in X-Purchase-Key. */
  purchaseKeys = new Map<string, string>();
  /** The signed-in user's mail choices (GET/PUT /api/user/mail-settings). */
  mailSettings = { sales: true, payouts: true, files: true };
  /** Purchases as GET /api/admin/purchases/:id answers them (admins only). */
  adminPurchases = new Map<string, unknown>();
  /** The admin's purchases list (GET /api/admin/purchases), filtered by `refund` as the server does. */
  adminPurchaseList: { refundDue: boolean; refunded: boolean }[] = [];
  /** The signed-in buyer's paid purchases by document id, as GET /api/user/purchases?documentId answers. */
  ownedPurchases = new Map<string, { id: string; number: string; paidAt: string | null }[]>();
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
    const headers = new Headers(init.headers);
    const form = headers.get('Content-Type') === 'application/x-www-form-urlencoded';
    const body: unknown =
      typeof init.body === 'string'
        ? form
          ? Object.fromEntries(new URLSearchParams(init.body))
          : JSON.parse(init.body)
        : undefined;
    this.requests.push({ method, path: url.pathname, query: url.searchParams, headers, body, url });
    await Promise.resolve();
    if (url.pathname.startsWith('/oidc/')) return this.identity.route(method, url, body);
    const signedIn = this.userOf(headers);
    if (url.pathname.startsWith('/api/user/') || url.pathname.startsWith('/api/admin/')) {
      if (!signedIn) return error(401, 'AUTH.UNAUTHORIZED', 'Unauthorized');
      return this.routeSignedIn(method, url, body, signedIn);
    }
    return this.route(method, url, body, headers);
  };

  // ---- identity (api.md "Configuration and identity") ----

  config: ClientConfig = { ...FAKE_CONFIG };
  identity = new FakeIdentityProvider(this);
  users: ProductUser[] = [];
  adminUsers: AdminUser[] = [];
  /** When set, POST /api/user/update answers 400 with these field errors. */
  updateFieldErrors: Record<string, string[]> | null = null;
  /**
   * GET /api/user/account (the embedded provider's sign-in settings); null answers 409
   * IDENTITY.MANAGED_BY_PROVIDER as with an external provider. The SMS code is always 123456.
   */
  accountSettings: {
    phoneNumber: string | null;
    phoneNumberVerified: boolean;
    pendingPhoneNumber: string | null;
    devices: { id: string; name: string; createdAt: string; lastUsedAt: string; expiresAt: string }[];
    [field: string]: unknown;
  } | null = null;

  /** Given: a person the provider knows, with their product user. */
  givenUser(user: ProductUser, extra: Partial<AdminUser> = {}): this {
    this.users.push(user);
    this.adminUsers.push(toAdminUser(user, extra));
    return this;
  }

  /** Given: more people in the admin users list only. */
  givenAdminUsers(users: AdminUser[]): this {
    this.adminUsers.push(...users);
    return this;
  }

  private userOf(headers: Headers): ProductUser | null {
    const match = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '');
    if (!match?.[1] || !this.identity.issuedIdTokens.has(match[1])) return null;
    const { sub, exp } = decodeFakeJwt(match[1]);
    if (typeof exp !== 'number' || exp * 1000 <= Date.now()) return null;
    return this.users.find((user) => user.id === sub) ?? null;
  }

  private routeAccountSettings(method: string, url: URL, body: unknown): Response {
    const settings = this.accountSettings;
    if (!settings) return error(409, 'IDENTITY.MANAGED_BY_PROVIDER', 'Managed by the identity provider');
    const [, , , , sub, subId] = url.pathname.split('/');
    const invalid = (field: string, code: string, text: string) =>
      json(400, { statusCode: 400, code, message: text, errors: { [field]: [text] } });
    if (method === 'GET' && !sub) return json(200, settings);
    if (method === 'POST' && sub === 'phone' && !subId) {
      const { countryCode, phoneNumber } = body as { countryCode: string; phoneNumber: string };
      const number = `${countryCode}${phoneNumber.replace(/[^0-9]/g, '')}`;
      if (!/^\+3725\d{6,7}$/.test(number))
        return invalid('phoneNumber', 'PHONE.NOT_MOBILE', 'This number cannot receive text messages.');
      settings.pendingPhoneNumber = number;
      return json(202, { destination: `+372 •••• ${number.slice(-4)}` });
    }
    if (method === 'POST' && sub === 'phone' && subId === 'verify') {
      if ((body as { code: string }).code !== '123456')
        return invalid('code', 'PHONE.CODE_INVALID', 'Invalid verification code provided, please try again.');
      Object.assign(settings, {
        phoneNumber: settings.pendingPhoneNumber,
        phoneNumberVerified: true,
        pendingPhoneNumber: null,
      });
      return json(200, settings);
    }
    if (method === 'DELETE' && sub === 'devices' && subId) {
      const before = settings.devices.length;
      settings.devices = settings.devices.filter((d) => d.id !== subId);
      return settings.devices.length < before
        ? new Response(null, { status: 204 })
        : error(404, 'DEVICE.NOT_FOUND', 'This device is not remembered.');
    }
    return error(404, 'ERROR.NOT_FOUND', 'Not found');
  }

  private routeSignedIn(method: string, url: URL, body: unknown, user: ProductUser): Response {
    const [, , root, id, sub] = url.pathname.split('/');
    if (method === 'GET' && root === 'user' && id === 'read') return json(200, user);
    if (root === 'user' && id === 'mail-settings') {
      if (method === 'PUT') this.mailSettings = { ...(body as typeof this.mailSettings) };
      return json(200, this.mailSettings);
    }
    if (method === 'GET' && root === 'user' && id === 'purchases' && url.searchParams.has('documentId')) {
      const items = this.ownedPurchases.get(url.searchParams.get('documentId')!) ?? [];
      return json(200, { items, total: items.length, offset: 0, limit: 5 });
    }
    if (root === 'user' && id === 'account') return this.routeAccountSettings(method, url, body);
    if (method === 'DELETE' && root === 'user' && id === 'sessions') {
      // "Sign out everywhere": no token of this user works any more.
      for (const token of [...this.identity.issuedIdTokens])
        if (decodeFakeJwt(token).sub === user.id) this.identity.issuedIdTokens.delete(token);
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && root === 'user' && id === 'update') {
      const { acceptTerms, ...profile } = body as ProductUser['profile'] & { acceptTerms?: boolean };
      const errors: Record<string, string[]> = { ...this.updateFieldErrors };
      if (!profile.firstName.trim()) errors.firstName = ['Väli on kohustuslik'];
      if (!profile.lastName.trim()) errors.lastName = ['Väli on kohustuslik'];
      if (profile.address.length > 500) errors.address = ['Lubatud on kuni 500 tähemärki'];
      if (Object.keys(errors).length) {
        return json(400, {
          statusCode: 400,
          code: 'VALIDATION.FORM_HAS_ERRORS',
          message: 'Vormil on vigu!',
          errors,
        });
      }
      Object.assign(user, {
        firstName: profile.firstName,
        lastName: profile.lastName,
        fullName: `${profile.firstName} ${profile.lastName}`,
        dateOfBirth: profile.dateOfBirth,
        company: profile.organization || null,
        termsAccepted: user.termsAccepted || acceptTerms === true,
        profile,
        requiredDataMissing: false,
      } satisfies Partial<ProductUser>);
      return json(200, user);
    }
    if (method === 'GET' && root === 'admin' && id === 'purchases' && !sub) {
      if (!user.isAdmin) return error(403, 'ERROR.ADMIN_ONLY', 'Admin only');
      const refund = url.searchParams.get('refund');
      const items = this.adminPurchaseList.filter(
        (item) => (refund !== 'due' || item.refundDue) && (refund !== 'refunded' || item.refunded),
      );
      return json(200, { items, total: items.length, offset: 0, limit: 20 });
    }
    if (method === 'GET' && root === 'admin' && id === 'purchases' && sub) {
      if (!user.isAdmin) return error(403, 'ERROR.ADMIN_ONLY', 'Admin only');
      const found = this.adminPurchases.get(sub);
      return found ? json(200, found) : error(404, 'PURCHASE.NOT_FOUND', 'Not found');
    }
    if (root === 'admin' && id === 'users') {
      if (!user.termsAccepted) return error(403, 'ERROR.USER_TERMS_NOT_ACCEPTED', 'Terms');
      if (!user.isAdmin) return error(403, 'ERROR.ADMIN_ONLY', 'Admin only');
      if (method === 'GET' && !sub) {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Number(url.searchParams.get('limit') ?? 20);
        const all = this.adminUsers.filter((u) =>
          `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(q),
        );
        return json(200, { items: all.slice(offset, offset + limit), total: all.length, offset, limit });
      }
      const targetId = sub;
      if (method === 'PUT' && url.pathname.endsWith('/password-reset')) {
        return this.adminUsers.some((u) => u.id === targetId)
          ? new Response(null, { status: 204 })
          : error(404, 'USER.NOT_FOUND', 'User not found!');
      }
      const admin = url.pathname.split('/')[5];
      if (method === 'PUT' && targetId && admin === 'admin') {
        const target = this.adminUsers.find((u) => u.id === targetId);
        if (!target) return error(404, 'USER.NOT_FOUND', 'Not found');
        const isAdmin = (body as { isAdmin: boolean }).isAdmin;
        if (!isAdmin && target.id === user.id) return error(409, 'USER.CANNOT_REVOKE_SELF', 'Self');
        target.isAdmin = isAdmin;
        return json(200, target);
      }
    }
    return error(404, 'ERROR.NOT_FOUND', 'Not found');
  }

  private route(method: string, url: URL, body: unknown, headers: Headers): Response {
    const parts = url.pathname
      .replace(/^\/api\//, '')
      .split('/')
      .map(decodeURIComponent);
    const [root, id, sub, subId] = parts;
    if (method === 'GET' && root === 'config' && !id) return json(200, this.config);
    if (method === 'GET' && root === 'catalogue' && id === 'options') return json(200, OPTIONS);
    if (method === 'GET' && root === 'documents' && !id) {
      return json(200, searchFake(this.documents, url.searchParams));
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
      if (method === 'GET' && sub === 'payment-methods') return json(200, { methods: FAKE_PAYMENT_METHODS });
      if (method === 'POST' && sub === 'vat-quote') {
        // An Estonian buyer's VAT, as the server decides it for an Estonian address (the only one these tests use).
        const totals = withTotals(basket);
        return json(200, {
          state: 'decided',
          provisional: false,
          treatment: 'domestic',
          reason: 'estonian-buyer',
          buyerCountry: 'EE',
          vatCountry: 'EE',
          rate: 2400,
          question: null,
          vies: null,
          subtotal: totals.subtotal,
          serviceFee: totals.serviceFee,
          vat: totals.vat,
          total: totals.total,
        });
      }
      if (method === 'POST' && sub === 'confirmation') {
        const form = body as Record<string, unknown>;
        const errors: Record<string, string[]> = {};
        if (form.previewsSeen !== true) errors.previewsSeen = ['Palun kinnitage eelvaated'];
        if (form.termsAccepted !== true) errors.termsAccepted = ['Ostutingimustega ei ole nõustutud!'];
        if (Object.keys(errors).length > 0)
          return error(400, 'VALIDATION.FORM_HAS_ERRORS', 'Vormil on vigu!', errors);
        const invoice = (form.invoice ?? null) as NonNullable<Basket['checkout']>['invoice'];
        const next: Basket = {
          ...basket,
          confirmed: true,
          paymentMethods: FAKE_PAYMENT_METHODS.map((m) => m.id),
          checkout: {
            payer: {
              email: String(form.email),
              firstName: String(form.firstName),
              lastName: String(form.lastName),
              address: String(form.address),
              country: String(form.country),
            },
            invoice,
            paymentMethod: String(form.paymentMethod),
          },
        };
        this.baskets.set(id, next);
        return json(200, next);
      }
      if (method === 'DELETE' && sub === 'confirmation') {
        const next: Basket = { ...basket, confirmed: false, paymentMethods: null };
        this.baskets.set(id, next);
        return json(200, next);
      }
      if (method === 'POST' && sub === 'free-checkout') {
        if (basket.total !== 0) return error(409, 'SHOPPING_CART.NOT_FREE', 'Not free');
        const { email } = body as { email: string };
        if (!/@/.test(email))
          return error(400, 'VALIDATION.FORM_HAS_ERRORS', 'Vormil on vigu!', { email: ['Vigane e-post'] });
        this.baskets.set(id, emptyBasket(id));
        return json(200, {
          purchaseId: FAKE_PURCHASE_ID,
          summaryUrl: `${url.origin}/ostu-kokkuvote/${FAKE_PURCHASE_ID}#key=free-key`,
        });
      }
      if (method === 'POST' && sub === 'checkout') {
        if (!basket.confirmed)
          return error(409, 'SHOPPING_CART.NOT_CONFIRMED', 'Palun kinnitage esmalt ostukorv.');
        return json(200, {
          purchaseId: FAKE_PURCHASE_ID,
          paymentUrl: 'http://localhost:3000/test-gateway/pay/t-1',
        });
      }
    }
    if (method === 'GET' && root === 'purchases' && id) {
      const purchase = this.purchases.get(id);
      const key = this.purchaseKeys.get(id);
      const opens = key === undefined || headers.get('X-Purchase-Key') === key;
      return purchase && opens ? json(200, purchase) : error(404, 'PURCHASE.NOT_FOUND', 'Ostu ei leitud!');
    }
    return error(404, 'ERROR.NOT_FOUND', 'Not found');
  }
}

export const FAKE_PURCHASE_ID = '0195f0c2-0000-7000-8000-0000000000f1';

/** The embedded test gateway's offer: Estonian bank links and cards. */
export const FAKE_PAYMENT_METHODS = [
  { id: 'banklink:ee:swedbank', group: 'banklink', name: 'swedbank', displayName: 'Swedbank', country: 'ee' },
  { id: 'banklink:ee:seb', group: 'banklink', name: 'seb', displayName: 'SEB', country: 'ee' },
  { id: 'banklink:ee:lhv', group: 'banklink', name: 'lhv', displayName: 'LHV', country: 'ee' },
  { id: 'banklink:ee:luminor', group: 'banklink', name: 'luminor', displayName: 'Luminor', country: 'ee' },
  { id: 'banklink:ee:coop', group: 'banklink', name: 'coop', displayName: 'Coop Pank', country: 'ee' },
  { id: 'card:visa', group: 'card', name: 'visa', displayName: 'Visa', country: null },
] as const;

export const FAKE_ISSUER = 'http://localhost:3000/oidc';

export const FAKE_CONFIG: ClientConfig = {
  issuer: FAKE_ISSUER,
  clientId: 'lepinguturg-web',
  redirectSignIn: 'http://localhost:5173/callback',
  redirectSignOut: 'http://localhost:5173/',
  scopes: ['openid', 'email', 'offline_access'],
  signUpEnabled: true,
  providers: [],
  tagManagerEnabled: false,
  tagManagerId: null,
  socialMediaEnabled: false,
  devMailboxUrl: '/dev/mailbox',
};

export function makeUser(overrides: Partial<ProductUser> = {}): ProductUser {
  const firstName = overrides.firstName ?? 'Mari';
  const lastName = overrides.lastName ?? 'Maasikas';
  return {
    id: '0195f0c2-0000-7000-8000-0000000000aa',
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`.trim(),
    email: 'mari@example.ee',
    dateOfBirth: null,
    company: null,
    idCode: null,
    active: true,
    termsAccepted: true,
    isAdmin: false,
    isAccountant: false,
    requiredDataMissing: !firstName || !lastName,
    profile: {
      firstName,
      lastName,
      dateOfBirth: null,
      address: '',
      country: '',
      language: '',
      areasOfPractice: '',
      additionalInfo: '',
      organization: '',
      public: {
        email: false,
        dateOfBirth: false,
        address: false,
        country: false,
        language: false,
        areasOfPractice: false,
        additionalInfo: false,
        organization: false,
      },
    },
    ...overrides,
  };
}

function toAdminUser(user: ProductUser, extra: Partial<AdminUser>): AdminUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isAdmin: user.isAdmin,
    adminByConfig: false,
    isAccountant: user.isAccountant,
    termsAccepted: user.termsAccepted,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...extra,
  };
}

function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT: the client never verifies signatures (the server does). */
export function makeFakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.sig`;
}

function decodeFakeJwt(token: string): Record<string, unknown> {
  const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

interface IssuedCode {
  userId: string;
  challenge: string;
  nonce: string;
  redirectUri: string;
  clientId: string;
}

/** The issuer's discovery document and token endpoint, checking PKCE like the real provider. */
export class FakeIdentityProvider {
  codes = new Map<string, IssuedCode>();
  refreshTokens = new Map<string, string>();
  issuedIdTokens = new Set<string>();
  /** Seconds the issued tokens live. */
  expiresIn = 3600;
  refreshFails = false;
  private counter = 0;

  constructor(private readonly api: FakeApi) {}

  readonly discovery = {
    issuer: FAKE_ISSUER,
    authorization_endpoint: `${FAKE_ISSUER}/auth`,
    token_endpoint: `${FAKE_ISSUER}/token`,
    end_session_endpoint: `${FAKE_ISSUER}/session/end`,
  };

  /** What the hosted sign-in does for `userId` with an authorize URL: answers the callback path. */
  authorize(authorizeUrl: string, userId: string): string {
    const url = new URL(authorizeUrl);
    const p = url.searchParams;
    if (`${url.origin}${url.pathname}` !== this.discovery.authorization_endpoint)
      throw new Error('wrong endpoint');
    if (p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') {
      throw new Error('not a PKCE code request');
    }
    const code = `code-${++this.counter}`;
    this.codes.set(code, {
      userId,
      challenge: p.get('code_challenge') ?? '',
      nonce: p.get('nonce') ?? '',
      redirectUri: p.get('redirect_uri') ?? '',
      clientId: p.get('client_id') ?? '',
    });
    return `/callback?code=${code}&state=${encodeURIComponent(p.get('state') ?? '')}`;
  }

  /** Tokens for a user without the authorize dance (tests that start signed in). */
  issueIdToken(
    userId: string,
    nonce = 'n',
    expiresAtSeconds = Math.floor(Date.now() / 1000) + this.expiresIn,
  ) {
    const user = this.api.users.find((u) => u.id === userId);
    const token = makeFakeJwt({
      iss: FAKE_ISSUER,
      sub: userId,
      aud: this.api.config.clientId,
      email: user?.email,
      nonce,
      exp: expiresAtSeconds,
      jti: ++this.counter,
    });
    this.issuedIdTokens.add(token);
    return token;
  }

  private tokens(userId: string, nonce: string) {
    const refreshToken = `refresh-${++this.counter}`;
    this.refreshTokens.set(refreshToken, userId);
    return {
      id_token: this.issueIdToken(userId, nonce),
      access_token: `access-${this.counter}`,
      refresh_token: refreshToken,
      expires_in: this.expiresIn,
      token_type: 'Bearer',
    };
  }

  async route(method: string, url: URL, body: unknown): Promise<Response> {
    if (method === 'GET' && url.pathname === '/oidc/.well-known/openid-configuration') {
      return json(200, this.discovery);
    }
    if (method === 'POST' && url.pathname === '/oidc/token') {
      const form = body as Record<string, string>;
      if (form.grant_type === 'authorization_code') {
        const issued = this.codes.get(form.code ?? '');
        this.codes.delete(form.code ?? '');
        if (
          !issued ||
          issued.clientId !== form.client_id ||
          issued.redirectUri !== form.redirect_uri ||
          (await sha256Base64Url(form.code_verifier ?? '')) !== issued.challenge
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        return json(200, this.tokens(issued.userId, issued.nonce));
      }
      if (form.grant_type === 'refresh_token') {
        const userId = this.refreshTokens.get(form.refresh_token ?? '');
        if (!userId || this.refreshFails) return json(400, { error: 'invalid_grant' });
        return json(200, this.tokens(userId, 'refreshed'));
      }
    }
    return json(404, { error: 'not_found' });
  }
}
