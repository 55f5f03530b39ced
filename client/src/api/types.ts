/** Response shapes of docs/api.md. Money is integer euro cents; dates are ISO-8601 strings. */

export interface DocumentSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  author: { firstName: string; lastName: string } | null;
  uploader: { id: string; name: string };
  fieldOfLaw: string;
  language: string;
  applicableLaw: string;
  year: number;
  price: number;
  tags: string[];
  /** Formats of the processed files (what a buyer gets). */
  formats: string[];
  createdAt: string;
  updatedAt: string;
}

export interface DocumentFile {
  id: string;
  title: string;
  format: string;
  pages: number | null;
  sizeKb: number;
  isMain: boolean;
  state: 'processing' | 'done' | 'error';
}

/** The fields an uploader made public on their profile (docs/api.md "Public uploader fields"). */
export interface PublicUploaderProfile {
  email?: string;
  country?: string;
  language?: string;
  areasOfPractice?: string;
  additionalInfo?: string;
  organization?: string;
}

/** Page one as a buyer sees it (docs/api.md "Preview"). */
export interface DocumentPreview {
  url: string;
  width: number;
  height: number;
  clearBandHeight: number;
  /** false only while the document is free. */
  blurred: boolean;
}

/** One page of the document page's viewer (docs/api.md, "DocumentPage"). */
export interface DocumentPageImage {
  number: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  /** Rows from the top that are clear when blurred: page one's band, 0 on later pages. */
  clearBandHeight: number;
  blurred: boolean;
}

/** A heading of the document's table of contents. */
export interface ContentsEntry {
  level: 1 | 2 | 3;
  text: string;
  page: number | null;
}

export interface DocumentDetail extends Omit<DocumentSummary, 'uploader'> {
  /** 'draft' only when the uploader looks at their own unpublished document. */
  status?: 'draft' | 'published';
  files: DocumentFile[];
  uploader: { id: string; name: string; company: string | null; profile?: PublicUploaderProfile };
  preview?: DocumentPreview | null;
  /** Every page of the main file for the viewer ([] until rendered; absent from older answers). */
  pages?: DocumentPageImage[];
  /** How many pages the main file has (more than `pages` holds for a very long file). */
  pageCount?: number | null;
  /** The main file's headings, shown in clear text. */
  contents?: ContentsEntry[];
}

export type SearchSort = 'relevance' | 'newest' | 'oldest' | 'price-desc' | 'price-asc';
export type SearchFacet = 'fieldOfLaw' | 'language' | 'format' | 'year';

/** One page of GET /api/documents (docs/api.md, "Search"). */
export interface SearchResult {
  items: DocumentSummary[];
  total: number;
  nextCursor: string | null;
  sort: SearchSort;
  facets: Record<SearchFacet, Record<string, number>>;
  uploader: { id: string; name: string; company: string | null } | null;
}

export interface CatalogueOptions {
  fieldsOfLaw: string[];
  languages: string[];
  applicableLaws: string[];
  formats: string[];
}

export interface BasketLine {
  documentId: string;
  slug: string;
  title: string;
  price: number;
  vat: number;
  licenceFee: number;
  serviceFee: number;
  addedAt: string;
}

/** Who pays (SPEC §2 cart: payer e-mail, first name, surname and address). */
export interface Payer {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  /** The billing address's country (ISO alpha-2); null on purchases from before it was asked. */
  country: string | null;
}

/** What goes on a VAT invoice; null when a receipt is enough. */
export interface InvoiceRequest {
  companyName: string;
  registryCode: string;
  vatNumber: string | null;
}

/** The buyer's details as last confirmed (kept after a cancelled payment, to fill the form in again). */
export interface BasketCheckout {
  payer: Payer;
  invoice: InvoiceRequest | null;
  paymentMethod: string;
}

/** How a sale is taxed (api.md "VAT by buyer"). */
export type VatTreatment = 'domestic' | 'oss' | 'reverse-charge' | 'outside-scope';

export interface Basket {
  id: string;
  documents: BasketLine[];
  documentCount: number;
  /** The net prices (excluding VAT). */
  subtotal: number;
  /** The platform's share, part of the subtotal. */
  serviceFee: number;
  /** VAT on the whole basket at vatTreatment.rate. */
  vat: number;
  /** subtotal + vat. */
  total: number;
  /** The listed (Estonian consumer) prices added up. */
  listTotal: number;
  /** The VAT the figures use: Estonia's until the buyer's confirmation decided theirs. */
  vatTreatment: {
    treatment: VatTreatment;
    vatCountry: string | null;
    buyerCountry: string | null;
    rate: number;
    confirmed: boolean;
  };
  activeUntil: string | null;
  confirmed: boolean;
  /** The methods the gateway offered when the basket was confirmed; null while unconfirmed. */
  paymentMethods: string[] | null;
  checkout: BasketCheckout | null;
  purchaseId: string | null;
}

/** What the add-to-basket action needs to know about a document. */
export interface DocumentRef {
  id: string;
  title: string;
}

/** What a person may make public on their profile (api.md "Configuration and identity"). */
export interface ProfilePublicFlags {
  email: boolean;
  dateOfBirth: boolean;
  address: boolean;
  country: boolean;
  language: boolean;
  areasOfPractice: boolean;
  additionalInfo: boolean;
  organization: boolean;
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  address: string;
  /** ISO 3166-1 alpha-2 or '' */
  country: string;
  language: string;
  areasOfPractice: string;
  additionalInfo: string;
  organization: string;
  public: ProfilePublicFlags;
}

/** The product user of GET /api/user/read (SPEC §3). */
export interface ProductUser {
  id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  dateOfBirth: string | null;
  company: string | null;
  idCode: string | null;
  active: boolean;
  termsAccepted: boolean;
  isAdmin: boolean;
  /** Granted by an admin: the read-only money audit. */
  isAccountant: boolean;
  profile: ProfileFields;
  /** First or last name empty: 'Please insert necessary data to proceed!' */
  requiredDataMissing: boolean;
}

export interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  /** Admin through ADMIN_EMAILS: cannot be revoked here. */
  adminByConfig: boolean;
  isAccountant: boolean;
  termsAccepted: boolean;
  createdAt: string;
}

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  offset: number;
  limit: number;
}

/** GET /api/config */
export interface ClientConfig {
  issuer: string;
  clientId: string;
  redirectSignIn: string;
  redirectSignOut: string;
  scopes: string[];
  signUpEnabled: boolean;
  providers: string[];
  tagManagerEnabled: boolean;
  tagManagerId: string | null;
  socialMediaEnabled: boolean;
  devMailboxUrl: string | null;
}

/** A completed refund's credit note (the sale had an invoice) or refund receipt, once numbered, and its files. */
export interface CreditNoteLinks {
  creditNote: {
    kind: 'credit-note' | 'refund-receipt';
    number: string;
    issuedAt: string;
    /** The invoice or receipt number it corrects. */
    corrects: string;
  } | null;
  creditNoteUrl: string | null;
  creditNoteXmlUrl: string | null;
}
