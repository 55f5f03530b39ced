import { Readable } from 'node:stream';
import { Client } from 'minio';
import { BlobNotFoundError } from './blob-store.port';
import type { BlobInfo, BlobStore, SignedLinkOptions } from './blob-store.port';
import { attachmentContentDisposition } from './content-disposition';

/** Longest presigned link S3 signature V4 allows: 7 days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** Objects up to this size are sent in one PUT; larger ones as a multipart upload. */
const DEFAULT_SINGLE_PUT_LIMIT_BYTES = 64 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface MinioBlobStoreOptions {
  readonly client: Client;
  readonly bucket: string;
  /** Region used when `init()` creates the bucket. */
  readonly region?: string;
  /**
   * Client that signs download links, configured with the endpoint browsers reach (a V4 signature
   * covers the host, so a link signed for `minio:9000` fails at `files.example.ee`). Signing is
   * local when the client has a region. Defaults to `client`.
   */
  readonly linkClient?: Client;
  /** Bodies up to this many bytes are buffered and sent in one PUT; longer ones go multipart. */
  readonly singlePutLimitBytes?: number;
}

export interface MinioEndpointOptions {
  /** e.g. `http://minio:9000` (the app's view). */
  readonly endpoint: string;
  /** e.g. `https://files.lepinguturg.ee` (the browser's view); defaults to `endpoint`. */
  readonly publicEndpoint?: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly bucket: string;
  readonly region?: string;
}

/**
 * BlobStore on MinIO or any S3 (production profile), through the `minio` client. Download links
 * are presigned GET URLs that go to the object store directly, with the file name in
 * `response-content-disposition`. Call `init()` once at start to make sure the bucket exists.
 */
export class MinioBlobStore implements BlobStore {
  private readonly client: Client;
  private readonly linkClient: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly singlePutLimitBytes: number;

  constructor(options: MinioBlobStoreOptions) {
    this.client = options.client;
    this.linkClient = options.linkClient ?? options.client;
    this.bucket = options.bucket;
    this.region = options.region ?? 'us-east-1';
    this.singlePutLimitBytes = options.singlePutLimitBytes ?? DEFAULT_SINGLE_PUT_LIMIT_BYTES;
  }

  /** A store whose clients are built from endpoint URLs (path-style, so any host name works). */
  static fromEndpoint(options: MinioEndpointOptions): MinioBlobStore {
    const region = options.region ?? 'us-east-1';
    const clientFor = (endpoint: string): Client => {
      const url = new URL(endpoint);
      const useSSL = url.protocol === 'https:';
      return new Client({
        endPoint: url.hostname,
        port: url.port === '' ? (useSSL ? 443 : 80) : Number(url.port),
        useSSL,
        accessKey: options.accessKey,
        secretKey: options.secretKey,
        region,
        pathStyle: true,
      });
    };
    const client = clientFor(options.endpoint);
    const linkClient = options.publicEndpoint === undefined ? client : clientFor(options.publicEndpoint);
    return new MinioBlobStore({ client, linkClient, bucket: options.bucket, region });
  }

  /** Creates the bucket when it does not exist yet. */
  async init(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another instance may have created it in the meantime.
      if (!hasCode(error, 'BucketAlreadyOwnedByYou', 'BucketAlreadyExists')) throw error;
    }
  }

  /**
   * Stores the stream under `key`. A body that fits `singlePutLimitBytes` is sent in one PUT with
   * its length; only a longer one is handed to the client's multipart upload.
   */
  async put(key: string, body: Readable, contentType: string): Promise<BlobInfo> {
    try {
      return await this.upload(key, body, contentType);
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  private async upload(key: string, body: Readable, contentType: string): Promise<BlobInfo> {
    const metaData = { 'Content-Type': contentType };
    const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
    const head: Buffer[] = [];
    let headSize = 0;
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) {
        const buffer = Buffer.concat(head, headSize);
        await this.client.putObject(this.bucket, key, buffer, buffer.length, metaData);
        return { key, size: buffer.length, contentType };
      }
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      head.push(chunk);
      headSize += chunk.length;
      if (headSize > this.singlePutLimitBytes) break;
    }
    let size = 0;
    const rest = Readable.from(
      (async function* () {
        for (const chunk of head) {
          size += chunk.length;
          yield chunk;
        }
        for (;;) {
          const next = await iterator.next();
          if (next.done === true) return;
          const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    await this.client.putObject(this.bucket, key, rest, undefined, metaData);
    return { key, size, contentType };
  }

  /** The object's bytes; throws BlobNotFoundError when absent. */
  async get(key: string): Promise<Readable> {
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  /** Size and content type; null when absent. */
  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType = stat.metaData['content-type'] as unknown;
      return {
        key,
        size: stat.size,
        contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Removes the object; S3 answers 204 for an absent key too. */
  async delete(key: string): Promise<void> {
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** A presigned GET URL valid for `expiresInHours` (at most 7 days) from `now`. */
  async signedDownloadUrl(key: string, options: SignedLinkOptions): Promise<string> {
    const seconds = Math.round(options.expiresInHours * 3600);
    if (seconds < 1 || seconds > MAX_PRESIGN_SECONDS) {
      throw new RangeError(`A presigned link lasts 1 s to 7 days, not ${options.expiresInHours} h`);
    }
    const name = options.downloadName ?? key.split('/').pop() ?? key;
    return this.linkClient.presignedGetObject(
      this.bucket,
      key,
      seconds,
      { 'response-content-disposition': attachmentContentDisposition(name) },
      options.now,
    );
  }
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && codes.includes(code);
}

/** HEAD answers carry no body, so the client reports a missing object as `NotFound`. */
function isNotFound(error: unknown): boolean {
  return hasCode(error, 'NoSuchKey', 'NotFound');
}
