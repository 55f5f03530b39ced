import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';

/** What we allow a zip container (.docx, .odt) to unpack to; see docs/decisions/ for the numbers. */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Sum of the entries' uncompressed sizes, declared and (when inflating) actual. */
  maxUncompressedBytes: number;
  /** Uncompressed ÷ compressed size of one entry; checked for entries above {@link RATIO_CHECK_FROM_BYTES}. */
  maxCompressionRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 200,
};

/** Small entries may compress extremely well (an empty table, repeated markup) and harm nobody. */
export const RATIO_CHECK_FROM_BYTES = 1024 * 1024;

/** The archive would unpack to more than the limits allow (a zip bomb, or sizes that lie). */
export class ZipLimitError extends Error {}
/** The bytes are not a zip archive we can read. */
export class ZipFormatError extends Error {}

export interface ZipEntryInfo {
  readonly name: string;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly compressionMethod: number;
  readonly encrypted: boolean;
}

const STORED = 0;
const DEFLATED = 8;

function asZipError(error: unknown): Error {
  if (error instanceof ZipLimitError || error instanceof ZipFormatError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('too many bytes in the stream'))
    return new ZipLimitError('An entry unpacks to more bytes than the archive declares.');
  return new ZipFormatError(`Not a readable zip archive: ${message}`);
}

/**
 * A zip archive opened for reading (yauzl): {@link ZipArchive.open} reads only the end record and the
 * central directory and refuses archives over the limits before any entry is decompressed; entries are
 * then inflated as streams that stop at the limits, whatever sizes the directory declared.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly byName: ReadonlyMap<string, yauzl.Entry>,
    private readonly all: readonly yauzl.Entry[],
    readonly entries: readonly ZipEntryInfo[],
    private readonly limits: ZipLimits,
  ) {}

  static async open(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
    } catch (error) {
      throw asZipError(error);
    }
    try {
      if (zip.entryCount > limits.maxEntries)
        throw new ZipLimitError(
          `The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed.`,
        );
      const byName = new Map<string, yauzl.Entry>();
      const all: yauzl.Entry[] = [];
      const entries: ZipEntryInfo[] = [];
      let total = 0;
      for await (const entry of zip.eachEntry()) {
        total += entry.uncompressedSize;
        if (total > limits.maxUncompressedBytes)
          throw new ZipLimitError(`The archive unpacks to more than ${limits.maxUncompressedBytes} bytes.`);
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize >= RATIO_CHECK_FROM_BYTES && ratio > limits.maxCompressionRatio)
          throw new ZipLimitError(
            `The entry ${entry.fileName} is compressed ${Math.round(ratio)}:1; at most ${limits.maxCompressionRatio}:1 is allowed.`,
          );
        if (!byName.has(entry.fileName)) byName.set(entry.fileName, entry);
        all.push(entry);
        entries.push({
          name: entry.fileName,
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
          compressionMethod: entry.compressionMethod,
          encrypted: entry.isEncrypted(),
        });
      }
      return new ZipArchive(zip, byName, all, entries, limits);
    } catch (error) {
      zip.close();
      throw asZipError(error);
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * Inflates the entry `name`, stopping after `maxBytes`: with `truncate` the first `maxBytes` bytes are
   * returned (enough for page one), without it a longer entry is a ZipLimitError. Null when absent.
   */
  async read(name: string, maxBytes: number, { truncate = false } = {}): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let length = 0;
    const found = await this.forEachChunk(name, (chunk) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length <= maxBytes) return true;
      if (!truncate) throw new ZipLimitError(`The entry ${name} unpacks to more than ${maxBytes} bytes.`);
      return false;
    });
    return found ? Buffer.concat(chunks).subarray(0, maxBytes) : null;
  }

  /**
   * Streams the inflated bytes of the entry `name` to `onChunk` until it returns false; false when there
   * is no such entry. The stream stops with a ZipLimitError once it produced more bytes than the entry
   * declared or than the limits allow.
   */
  async forEachChunk(name: string, onChunk: (chunk: Buffer) => boolean): Promise<boolean> {
    const entry = this.byName.get(name);
    if (entry === undefined) return false;
    let length = 0;
    await this.inflate(entry, (chunk) => {
      length += chunk.length;
      if (length > this.limits.maxUncompressedBytes)
        throw new ZipLimitError(
          `The entry ${name} unpacks to more than ${this.limits.maxUncompressedBytes} bytes.`,
        );
      return onChunk(chunk);
    });
    return true;
  }

  /**
   * Inflates every entry into nothing, counting the bytes actually produced: before a program that trusts
   * the declared sizes (LibreOffice) opens the file, this proves the archive stays within the limits.
   */
  async verifyByInflating(): Promise<void> {
    let total = 0;
    // Every entry, duplicates of a name too: another reader may take the second one.
    for (const entry of this.all) {
      await this.inflate(entry, (chunk) => {
        total += chunk.length;
        if (total > this.limits.maxUncompressedBytes)
          throw new ZipLimitError(
            `The archive unpacks to more than ${this.limits.maxUncompressedBytes} bytes.`,
          );
        return true;
      });
    }
  }

  close(): void {
    this.zip.close();
  }

  /** Streams an entry's bytes to `onChunk` until it returns false (stop early) or throws (abort). */
  private async inflate(entry: yauzl.Entry, onChunk: (chunk: Buffer) => boolean): Promise<void> {
    if (entry.isEncrypted()) throw new ZipFormatError(`The entry ${entry.fileName} is encrypted.`);
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)
      throw new ZipFormatError(`The entry ${entry.fileName} uses an unsupported compression method.`);
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (error) {
      throw asZipError(error);
    }
    try {
      for await (const chunk of stream) if (!onChunk(chunk as Buffer)) break;
    } catch (error) {
      throw asZipError(error);
    } finally {
      stream.destroy();
    }
  }
}
