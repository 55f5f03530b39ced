import type { Readable } from 'node:stream';

/**
 * The BlobStore port: opaque binary objects under string keys, and time-limited download links.
 * Adapters: a local folder (links signed by the app with HMAC and served by it) and MinIO/S3
 * (presigned URLs). Every adapter passes the same contract suite (blob-store.contract.ts).
 */
export interface BlobInfo {
  readonly key: string;
  readonly size: number;
  readonly contentType: string;
}

export interface SignedLinkOptions {
  /** How long the link works, in hours (SPEC: purchased file links about 24 hours). */
  readonly expiresInHours: number;
  /** File name the browser should save as (Content-Disposition: attachment). */
  readonly downloadName?: string;
  /** The moment the link is issued; the expiry counts from here. */
  readonly now: Date;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** A key that cannot name an object (empty or `..` segments, backslashes, NUL, too long, absolute). */
export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export interface BlobStore {
  /** Stores the stream's bytes under `key`, replacing any previous object. */
  put(key: string, body: Readable, contentType: string): Promise<BlobInfo>;
  /** The object's bytes; throws BlobNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  /** Size and type; null when absent. */
  stat(key: string): Promise<BlobInfo | null>;
  /** Removes the object; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** An absolute or root-relative URL that downloads the object until it expires. */
  signedDownloadUrl(key: string, options: SignedLinkOptions): Promise<string>;
}

export const BLOB_STORE = Symbol('BlobStore');
