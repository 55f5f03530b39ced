import { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { ZipFile } from 'yazl';

const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

function collect(zip: ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every entry of a zip, inflated (test files are small). */
export async function unzipAll(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  archive.close();
  return entries;
}

/** A new zip of `entries` in order (null content: left out). */
export function zipOf(entries: Iterable<[string, Buffer | null]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of entries) if (content !== null) zip.addBuffer(content, name);
  zip.end();
  return collect(zip);
}

/**
 * A docx look-alike with `count` extra empty entries, written byte by byte (stored entries, no zip64):
 * yazl takes seconds for ten thousand entries, this takes milliseconds.
 */
export function zipWithManyEntries(count: number): Buffer {
  const names = [
    '[Content_Types].xml',
    'word/document.xml',
    ...Array.from({ length: count }, (_, i) => `word/media/part${i}.xml`),
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const bytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30 + bytes.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt16LE(bytes.length, 26);
    bytes.copy(local, 30);
    const central = Buffer.alloc(46 + bytes.length);
    central.writeUInt32LE(CENTRAL_DIRECTORY_HEADER, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt16LE(bytes.length, 28);
    central.writeUInt32LE(offset, 42);
    bytes.copy(central, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A docx look-alike whose word/document.xml is `bytes` zeros, deflated by yazl from a stream (nothing of
 * that size is ever held in memory or written to disk).
 */
export function zipOfZeros(bytes: number, compressionLevel: number): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from('<Types/>'), '[Content_Types].xml');
  const chunk = Buffer.alloc(1024 * 1024);
  let left = bytes;
  const zeros = new Readable({
    read() {
      const size = Math.min(left, chunk.length);
      left -= size;
      this.push(size > 0 ? chunk.subarray(0, size) : null);
    },
  });
  zip.addReadStream(zeros, 'word/document.xml', { compressionLevel, size: bytes });
  zip.end();
  return collect(zip);
}

/**
 * Rewrites what the central directory declares about entry `name` (sizes, method), as a hostile archive
 * would; the data itself stays as it was.
 */
export function declareInCentralDirectory(
  zip: Buffer,
  name: string,
  declared: { uncompressedSize?: number; compressedSize?: number; compressionMethod?: number },
): Buffer {
  const patched = Buffer.from(zip);
  for (let at = 0; at + 46 <= patched.length; at++) {
    if (patched.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) continue;
    const nameLength = patched.readUInt16LE(at + 28);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    if (declared.compressionMethod !== undefined) patched.writeUInt16LE(declared.compressionMethod, at + 10);
    if (declared.compressedSize !== undefined) patched.writeUInt32LE(declared.compressedSize, at + 20);
    if (declared.uncompressedSize !== undefined) patched.writeUInt32LE(declared.uncompressedSize, at + 24);
    return patched;
  }
  throw new Error(`No central directory entry ${name}`);
}
