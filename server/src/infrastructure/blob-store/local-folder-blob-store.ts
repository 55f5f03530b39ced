import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signBlobLink } from './blob-link-signature';
import { BlobNotFoundError, InvalidBlobKeyError } from './blob-store.port';
import type { BlobInfo, BlobStore, SignedLinkOptions } from './blob-store.port';

/** A key that cannot be mapped to a path inside the store's folder (defined with the port, for its callers). */
export { InvalidBlobKeyError };

interface BlobMeta {
  readonly contentType: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MAX_KEY_LENGTH = 1024;

/**
 * BlobStore on the local file system (embedded profile). Objects live under `<rootDir>/objects/<key>`,
 * their content type in `<rootDir>/meta/<key>.json` (a separate tree, so no key can collide with a
 * sidecar). Writes go to `<rootDir>/tmp` and are renamed into place, so a reader never sees half a
 * file. Download links point at the app (`publicBaseUrl`), signed with HMAC-SHA256; the app verifies
 * them with {@link verifyBlobSignature} and streams the object.
 */
export class LocalFolderBlobStore implements BlobStore {
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;

  constructor(
    rootDir: string,
    private readonly signingSecret: string,
    private readonly publicBaseUrl = '/api/blobs',
  ) {
    if (signingSecret.length === 0) throw new Error('LocalFolderBlobStore needs a signing secret');
    const root = resolve(rootDir);
    this.objectsDir = join(root, 'objects');
    this.metaDir = join(root, 'meta');
    this.tmpDir = join(root, 'tmp');
  }

  /** Stores the stream under `key` (temp file, then rename), replacing any previous object. */
  async put(key: string, body: Readable, contentType: string): Promise<BlobInfo> {
    const { objectPath, metaPath } = this.pathsOf(key);
    await Promise.all([
      mkdir(this.tmpDir, { recursive: true }),
      mkdir(dirname(objectPath), { recursive: true }),
      mkdir(dirname(metaPath), { recursive: true }),
    ]);
    const tmpObject = join(this.tmpDir, `${randomUUID()}.part`);
    const tmpMeta = join(this.tmpDir, `${randomUUID()}.meta.json`);
    try {
      await pipeline(body, createWriteStream(tmpObject, { flags: 'wx' }));
      const meta: BlobMeta = { contentType };
      await writeFile(tmpMeta, JSON.stringify(meta), { flag: 'wx' });
      const { size } = await stat(tmpObject);
      await rename(tmpMeta, metaPath);
      await rename(tmpObject, objectPath);
      return { key, size, contentType };
    } finally {
      await Promise.all([rm(tmpObject, { force: true }), rm(tmpMeta, { force: true })]);
    }
  }

  /** The object's bytes as a stream; throws BlobNotFoundError when absent. */
  async get(key: string): Promise<Readable> {
    const { objectPath } = this.pathsOf(key);
    const handle = await open(objectPath, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    });
    const isFile = await handle.stat().then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (!isFile) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return handle.createReadStream();
  }

  /** Size and content type; null when absent. */
  async stat(key: string): Promise<BlobInfo | null> {
    const { objectPath, metaPath } = this.pathsOf(key);
    const stats = await stat(objectPath).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (stats === null || !stats.isFile()) return null;
    return { key, size: stats.size, contentType: await readContentType(metaPath) };
  }

  /** Removes the object and its metadata; an absent key is not an error. */
  async delete(key: string): Promise<void> {
    const { objectPath, metaPath } = this.pathsOf(key);
    await rm(objectPath, { force: true });
    await rm(metaPath, { force: true });
  }

  /**
   * `${publicBaseUrl}/<key, each segment URI-encoded>?expires=<unix s>&name=<file name>&signature=<hex>`.
   * The name defaults to the key's last segment.
   */
  signedDownloadUrl(key: string, options: SignedLinkOptions): Promise<string> {
    // The executor turns a bad key's throw into a rejection.
    return new Promise((resolve) => resolve(this.signedLink(key, options)));
  }

  private signedLink(key: string, options: SignedLinkOptions): string {
    this.pathsOf(key);
    const expires = Math.floor(options.now.getTime() / 1000) + Math.round(options.expiresInHours * 3600);
    const name = options.downloadName ?? key.split('/').pop() ?? key;
    const signature = signBlobLink(this.signingSecret, key, String(expires), name);
    const query = new URLSearchParams({ expires: String(expires), name, signature });
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicBaseUrl}/${path}?${query.toString()}`;
  }

  private pathsOf(key: string): { objectPath: string; metaPath: string } {
    assertSafeKey(key);
    const objectPath = join(this.objectsDir, ...key.split('/'));
    // Defence in depth: the checks above already rule out escaping the folder.
    if (!objectPath.startsWith(this.objectsDir + sep)) throw new InvalidBlobKeyError(key);
    return { objectPath, metaPath: join(this.metaDir, ...key.split('/')) + '.json' };
  }
}

/** Rejects keys that are empty, absolute, contain NUL or backslashes, or `.`/`..`/empty segments. */
function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key);
  if (key.includes('\0') || key.includes('\\') || key.startsWith('/') || /^[a-zA-Z]:/.test(key)) {
    throw new InvalidBlobKeyError(key);
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidBlobKeyError(key);
  }
}

async function readContentType(metaPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as Partial<BlobMeta>;
    return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch (error) {
    if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
