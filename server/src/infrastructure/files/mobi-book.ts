import type { FileHandle } from 'node:fs/promises';
import { decodeText } from './text-encoding';

/**
 * The MOBI (PalmDB "BOOKMOBI") layout, as described on the MobileRead wiki: a 78-byte PalmDB header, the
 * record list, record 0 with the PalmDOC header (compression, text length, text record count) and the
 * MOBI header (encoding, full name, extra-data flags), then the text records.
 */
export const PALMDB_HEADER_LENGTH = 78;
export const PALMDB_TYPE_OFFSET = 60;
export const MOBI_TYPE_AND_CREATOR = 'BOOKMOBI';
export const MOBI_RECORD_SIZE = 4096;
/** Page rule for e-books (docs/decisions/): one page per 2 048 bytes of book text, at least one. */
export const MOBI_BYTES_PER_PAGE = 2048;

/** PalmDOC header compression codes; HUFF/CDIC (17480) is not decompressed here. */
export const MOBI_COMPRESSION = { none: 1, palmDoc: 2 } as const;

export interface MobiBook {
  readonly compression: number;
  /** Uncompressed length of the book text (its HTML), from the PalmDOC header. */
  readonly textLength: number;
  readonly textRecordCount: number;
  readonly encrypted: boolean;
  readonly encoding: 'utf-8' | 'windows-1252';
  readonly fullName: string;
  readonly extraDataFlags: number;
  /** Byte offsets of every record; record i spans [offsets[i], offsets[i+1] or the file's end). */
  readonly recordOffsets: readonly number[];
  readonly fileSize: number;
}

export class MobiFormatError extends Error {}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Reads the headers of a MOBI book without reading its text; throws MobiFormatError when they do not hold. */
export async function readMobiBook(handle: FileHandle, fileSize: number): Promise<MobiBook> {
  const palm = await readAt(handle, 0, PALMDB_HEADER_LENGTH);
  if (palm.length < PALMDB_HEADER_LENGTH || palm.toString('latin1', 60, 68) !== MOBI_TYPE_AND_CREATOR)
    throw new MobiFormatError('The file has no PalmDB header of type BOOK and creator MOBI.');
  const recordCount = palm.readUInt16BE(76);
  if (recordCount < 2) throw new MobiFormatError('The book has no text records.');
  const list = await readAt(handle, PALMDB_HEADER_LENGTH, recordCount * 8);
  if (list.length < recordCount * 8) throw new MobiFormatError('The record list is cut off.');
  const recordOffsets: number[] = [];
  for (let i = 0; i < recordCount; i++) {
    const offset = list.readUInt32BE(i * 8);
    if (offset >= fileSize || (i > 0 && offset < recordOffsets[i - 1]!))
      throw new MobiFormatError('The record list points outside the file.');
    recordOffsets.push(offset);
  }
  const record0 = await readAt(
    handle,
    recordOffsets[0]!,
    Math.min(1024, (recordOffsets[1] ?? fileSize) - recordOffsets[0]!),
  );
  if (record0.length < 16) throw new MobiFormatError('Record 0 is too short.');
  const compression = record0.readUInt16BE(0);
  const textLength = record0.readUInt32BE(4);
  const textRecordCount = record0.readUInt16BE(8);
  const encrypted = record0.readUInt16BE(12) !== 0;
  if (record0.length < 24 || record0.toString('latin1', 16, 20) !== 'MOBI')
    throw new MobiFormatError('Record 0 has no MOBI header.');
  const mobiHeaderLength = record0.readUInt32BE(20);
  const encoding = record0.length >= 32 && record0.readUInt32BE(28) === 1252 ? 'windows-1252' : 'utf-8';
  let fullName = '';
  if (record0.length >= 92) {
    const nameOffset = record0.readUInt32BE(84);
    const nameLength = Math.min(record0.readUInt32BE(88), 512);
    const name = await readAt(handle, recordOffsets[0]! + nameOffset, nameLength);
    fullName = decodeText(name, encoding);
  }
  const extraDataFlags = mobiHeaderLength >= 0xe4 && record0.length >= 0xf4 ? record0.readUInt16BE(0xf2) : 0;
  if (textRecordCount === 0 || textRecordCount >= recordCount)
    throw new MobiFormatError('The text record count does not fit the record list.');
  return {
    compression,
    textLength,
    textRecordCount,
    encrypted,
    encoding,
    fullName,
    extraDataFlags,
    recordOffsets,
    fileSize,
  };
}

/** Pages of a book by the rule above. */
export function mobiPages(book: MobiBook): number {
  return Math.max(1, Math.ceil(book.textLength / MOBI_BYTES_PER_PAGE));
}

function trailingEntriesSize(record: Buffer, flags: number): number {
  let size = 0;
  for (let bits = flags >> 1; bits !== 0; bits >>= 1) {
    if ((bits & 1) === 0) continue;
    let value = 0;
    const end = record.length - size;
    for (const byte of record.subarray(Math.max(0, end - 4), end)) {
      if ((byte & 0x80) !== 0) value = 0;
      value = (value << 7) | (byte & 0x7f);
    }
    size += value;
  }
  if ((flags & 1) !== 0 && record.length - size - 1 >= 0)
    size += (record[record.length - size - 1]! & 0x3) + 1;
  return Math.min(size, record.length);
}

/** PalmDOC's LZ77 variant. */
export function decompressPalmDoc(input: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c >= 1 && c <= 8) {
      for (let k = 0; k < c && i + 1 < input.length; k++) out.push(input[++i]!);
    } else if (c < 0x80) {
      out.push(c);
    } else if (c >= 0xc0) {
      out.push(0x20, c ^ 0x80);
    } else if (i + 1 < input.length) {
      const pair = ((c << 8) | input[++i]!) & 0x3fff;
      const distance = pair >> 3;
      const length = (pair & 7) + 3;
      if (distance === 0 || distance > out.length) throw new MobiFormatError('Broken PalmDOC compression.');
      for (let k = 0; k < length; k++) out.push(out[out.length - distance]!);
    }
  }
  return Buffer.from(out);
}

/**
 * The start of the book's text (HTML), at least `wantedBytes` when the book has them: only as many text
 * records as needed are read. Books compressed with HUFF/CDIC give null (we do not decompress those).
 */
export async function readMobiTextStart(
  handle: FileHandle,
  book: MobiBook,
  wantedBytes: number,
): Promise<string | null> {
  if (book.compression !== MOBI_COMPRESSION.none && book.compression !== MOBI_COMPRESSION.palmDoc)
    return null;
  const parts: Buffer[] = [];
  let total = 0;
  for (let index = 1; index <= book.textRecordCount && total < wantedBytes; index++) {
    const start = book.recordOffsets[index]!;
    const end = book.recordOffsets[index + 1] ?? book.fileSize;
    const raw = await readAt(handle, start, Math.min(end - start, 2 * MOBI_RECORD_SIZE + 64));
    const record = raw.subarray(0, raw.length - trailingEntriesSize(raw, book.extraDataFlags));
    const text = book.compression === MOBI_COMPRESSION.palmDoc ? decompressPalmDoc(record) : record;
    parts.push(text);
    total += text.length;
  }
  return decodeText(Buffer.concat(parts), book.encoding);
}
