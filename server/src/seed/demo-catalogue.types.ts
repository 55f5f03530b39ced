import type { DocumentDetails } from '../events/document.events';

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

/** A demo template: the document's details as the uploader enters them, plus its owner, files and age. */
export interface DemoTemplate extends DocumentDetails {
  /** DemoUploader.key of the owner. */
  readonly uploader: string;
  /**
   * How many pages the demo files have: at first start the seed generates a PDF (the main file) and a
   * DOCX of the template with this many pages of clauses and uploads them like an uploader would.
   */
  readonly pages: number;
  /** false = a draft the uploader has not published. */
  readonly published: boolean;
  /** Created this many days before the seed runs (gives the newest/oldest sort something to do). */
  readonly ageDays: number;
}
