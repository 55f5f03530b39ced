import type { PublicUploaderProfile } from '../../domain/profile/profile-details';
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

export interface DocumentDetail extends Omit<DocumentSummary, 'uploader'> {
  readonly uploader: {
    readonly id: string;
    readonly name: string;
    readonly company: string | null;
    /** Only the fields the uploader made public (docs/api.md "Public uploader fields"). */
    readonly profile: PublicUploaderProfile;
  };
  readonly files: readonly DocumentFileView[];
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
    uploader: {
      id: doc.uploaderId,
      name: doc.uploaderName,
      company: doc.uploaderCompany,
      profile: doc.uploaderProfile ?? {},
    },
    files: doc.files,
  };
}
