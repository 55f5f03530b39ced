import type { FileState } from '../../domain/catalogue/document.decider';
import type { PublicUploaderProfile } from '../../domain/profile/profile-details';
import type { ContentsEntry, FilePageImages, FilePreview } from '../../events/document.events';
import type { DocumentFileView, DocumentView } from '../../projections/catalogue/catalogue.read-model';

/** A search result (docs/api.md, DocumentSummary). */
export interface DocumentSummary {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly uploader: { readonly id: string; readonly name: string };
  readonly fieldOfLaw: string;
  readonly language: string;
  readonly applicableLaw: string;
  readonly year: number;
  readonly price: number;
  readonly tags: readonly string[];
  /** Formats of the processed files (what a buyer gets). */
  readonly formats: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A file as anyone who may see the document sees it (no storage keys). */
export interface DocumentFile {
  readonly id: string;
  readonly title: string;
  readonly format: string;
  readonly pages: number | null;
  readonly sizeKb: number;
  readonly isMain: boolean;
  readonly state: FileState;
}

/** The preview image a visitor gets (docs/api.md "Preview"). */
export interface DocumentPreview {
  /** Root-relative; changes when the image does (another main file, free ↔ paid). */
  readonly url: string;
  readonly width: number;
  readonly height: number;
  /** Pixels from the top that are clear; everything below is blurred (when `blurred`). */
  readonly clearBandHeight: number;
  /** false only while the document is free. */
  readonly blurred: boolean;
}

/** One page of the main file in the document page's viewer (docs/api.md "DocumentPage"). */
export interface DocumentPageImage {
  /** 1-based. */
  readonly number: number;
  readonly url: string;
  readonly thumbnailUrl: string;
  readonly width: number;
  readonly height: number;
  readonly thumbnailWidth: number;
  readonly thumbnailHeight: number;
  /** Rows from the top that are clear when `blurred` (page one's band; 0 on every later page). */
  readonly clearBandHeight: number;
  /** false only while the document is free. */
  readonly blurred: boolean;
}

export interface DocumentDetail extends Omit<DocumentSummary, 'uploader'> {
  /** 'draft' only when the owner looks at their own unpublished document. */
  readonly status: 'draft' | 'published';
  readonly uploader: {
    readonly id: string;
    readonly name: string;
    readonly company: string | null;
    /** Only the fields the uploader made public (docs/api.md "Public uploader fields"). */
    readonly profile: PublicUploaderProfile;
  };
  readonly files: readonly DocumentFile[];
  readonly preview: DocumentPreview | null;
  /** The previewed file's pages for the viewer; [] until they are rendered. */
  readonly pages: readonly DocumentPageImage[];
  /** How many pages that file has (more than `pages` holds when it is longer than the rendering limit). */
  readonly pageCount: number | null;
  /** The previewed file's headings, shown in clear text. */
  readonly contents: readonly ContentsEntry[];
}

/** What previewSource needs of a document (the catalogue's and My documents' views both have it). */
interface PreviewableDocument {
  readonly slug: string;
  readonly price: number;
  readonly files: readonly Pick<
    DocumentFileView,
    'id' | 'isMain' | 'state' | 'preview' | 'pageImages' | 'contents' | 'pages'
  >[];
}

/** Which image stands for the document: page one of the main file, else of the first processed file. */
export function previewSource(
  doc: Pick<PreviewableDocument, 'files' | 'price'>,
): { readonly fileId: string; readonly preview: FilePreview; readonly blurred: boolean } | null {
  const ready = (f: PreviewableDocument['files'][number]) => f.state === 'done' && f.preview != null;
  const file = doc.files.find((f) => f.isMain && ready(f)) ?? doc.files.find(ready);
  if (!file?.preview) return null;
  return { fileId: file.id, preview: file.preview, blurred: doc.price > 0 };
}

/**
 * The file the viewer shows: the main file once processed, else the first processed file; its page images
 * (null until rendered), headings and page count.
 */
export function viewerSource(doc: Pick<PreviewableDocument, 'files' | 'price'>): {
  readonly pageImages: FilePageImages | null;
  readonly contents: readonly ContentsEntry[];
  readonly pageCount: number | null;
  readonly blurred: boolean;
} | null {
  const done = (f: PreviewableDocument['files'][number]) => f.state === 'done';
  const file = doc.files.find((f) => f.isMain && done(f)) ?? doc.files.find(done);
  if (!file) return null;
  return {
    pageImages: file.pageImages ?? null,
    contents: file.contents ?? [],
    pageCount: file.pages ?? null,
    blurred: doc.price > 0,
  };
}

/** The viewer's pages of this document, with the URLs that serve them to this visitor. */
export function toPages(doc: PreviewableDocument): DocumentPageImage[] {
  const source = viewerSource(doc);
  if (!source?.pageImages) return [];
  const version = `${source.pageImages.prefix.slice(-12)}${source.blurred ? 'b' : 'c'}`;
  return source.pageImages.pages.map((page, index) => {
    const number = index + 1;
    const base = `/api/documents/${doc.slug}/pages/${number}`;
    return {
      number,
      url: `${base}?v=${version}`,
      thumbnailUrl: `${base}/thumbnail?v=${version}`,
      width: page.width,
      height: page.height,
      thumbnailWidth: page.thumbnailWidth,
      thumbnailHeight: page.thumbnailHeight,
      clearBandHeight: source.blurred ? page.clearBandHeight : page.height,
      blurred: source.blurred,
    };
  });
}

/** The preview a visitor gets of this document, with the URL that serves it. */
export function toPreview(doc: PreviewableDocument): DocumentPreview | null {
  const source = previewSource(doc);
  if (!source) return null;
  const { fileId, preview, blurred } = source;
  const version = `${fileId.slice(-12)}${blurred ? 'b' : 'c'}`;
  return {
    url: `/api/documents/${doc.slug}/preview?v=${version}`,
    width: preview.width,
    height: preview.height,
    clearBandHeight: preview.clearBandHeight,
    blurred,
  };
}

export function toSummary(doc: DocumentView): DocumentSummary {
  return {
    id: doc._id,
    slug: doc.slug,
    title: doc.title,
    description: doc.description,
    author: doc.author,
    uploader: { id: doc.uploaderId, name: doc.uploaderName },
    fieldOfLaw: doc.fieldOfLaw,
    language: doc.language,
    applicableLaw: doc.applicableLaw,
    year: doc.year,
    price: doc.price,
    tags: doc.tags,
    formats: [...new Set(doc.files.filter((f) => f.state === 'done').map((f) => f.format))].sort(),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export function toDetail(doc: DocumentView): DocumentDetail {
  return {
    ...toSummary(doc),
    status: doc.status === 'published' ? 'published' : 'draft',
    uploader: {
      id: doc.uploaderId,
      name: doc.uploaderName,
      company: doc.uploaderCompany,
      profile: doc.uploaderProfile ?? {},
    },
    files: doc.files.map(({ id, title, format, pages, sizeKb, isMain, state }) => ({
      id,
      title,
      format,
      pages,
      sizeKb,
      isMain,
      state,
    })),
    preview: toPreview(doc),
    pages: toPages(doc),
    pageCount: viewerSource(doc)?.pageCount ?? null,
    contents: viewerSource(doc)?.contents ?? [],
  };
}
