import type {
  ApplicableLaw,
  DocumentLanguage,
  FieldOfLaw,
  FileFormat,
} from '../domain/catalogue/catalogue-codes';

/** A seeded uploader profile; issue "Identity" links these to demo accounts by e-mail. */
export interface DemoUploader {
  readonly key: string;
  /** Fixed UUID so a re-seed on another machine produces the same ids. */
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly company: string | null;
}

export interface DemoFile {
  readonly title: string;
  readonly format: FileFormat;
  readonly pages: number;
  readonly sizeKb: number;
}

export interface DemoTemplate {
  /** DemoUploader.key of the owner. */
  readonly uploader: string;
  readonly title: string;
  readonly description: string;
  /** Set when the uploader is not the author. */
  readonly author: { readonly firstName: string; readonly lastName: string } | null;
  readonly language: DocumentLanguage;
  readonly fieldOfLaw: FieldOfLaw;
  readonly applicableLaw: ApplicableLaw;
  readonly tags: readonly string[];
  readonly year: number;
  /** Integer euro cents, VAT included; 0 = free; at most 100 000 (1000 EUR). */
  readonly price: number;
  /** The first file is the main one. At least one. */
  readonly files: readonly DemoFile[];
  /** false = a draft the uploader has not published. */
  readonly published: boolean;
  /** Created this many days before the seed runs (gives the newest/oldest sort something to do). */
  readonly ageDays: number;
}
