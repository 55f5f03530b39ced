import { CompoundFile, type DirectoryEntry } from './compound-file';
import { decodeText } from './text-encoding';

/**
 * What we read from a Word 97–2003 binary document ([MS-DOC]) inside its compound file: the File
 * Information Block's magic number, the page count Word stores in the SummaryInformation property set
 * ([MS-OLEPS], PIDSI_PAGECOUNT), and the start of the main text through the piece table (for the
 * text-rendered page one when LibreOffice is not installed).
 */
export const WORD_DOCUMENT_STREAM = 'WordDocument';
export const SUMMARY_INFORMATION_STREAM = '\u0005SummaryInformation';
export const FIB_MAGIC = 0xa5ec;
/** {F29F85E0-4FF9-1068-AB91-08002B27B3D9} as stored (little-endian GUID layout). */
export const SUMMARY_INFORMATION_FMTID = Buffer.from('e0859ff2f94f6810ab9108002b27b3d9', 'hex');
export const PROPERTY = {
  codePage: 1,
  title: 2,
  author: 4,
  pageCount: 14,
  wordCount: 15,
  charCount: 16,
  appName: 18,
} as const;
export const VT = { i2: 0x0002, i4: 0x0003, lpstr: 0x001e } as const;
/** Index of the Clx (piece table) pair in FibRgFcLcb97. */
const CLX_PAIR_INDEX = 33;
const FIB_FLAG_ENCRYPTED = 0x0100;
const FIB_FLAG_TABLE_1 = 0x0200;
const PIECE_COMPRESSED = 0x40000000;

export class WordBinaryError extends Error {}

export interface WordSummary {
  readonly pageCount: number | null;
  readonly title: string | null;
}

/** PIDSI_PAGECOUNT and PIDSI_TITLE of a SummaryInformation stream (null when absent or unreadable). */
export function parseSummaryInformation(stream: Buffer): WordSummary {
  const none = { pageCount: null, title: null };
  if (stream.length < 48 || stream.readUInt16LE(0) !== 0xfffe || stream.readUInt32LE(24) < 1) return none;
  if (!stream.subarray(28, 44).equals(SUMMARY_INFORMATION_FMTID)) return none;
  const set = stream.readUInt32LE(44);
  if (set + 8 > stream.length) return none;
  const count = Math.min(stream.readUInt32LE(set + 4), 256);
  const properties = new Map<number, number>();
  for (let i = 0; i < count && set + 16 + i * 8 <= stream.length; i++)
    properties.set(stream.readUInt32LE(set + 8 + i * 8), set + stream.readUInt32LE(set + 12 + i * 8));
  const valueOf = (id: number): { type: number; at: number } | null => {
    const at = properties.get(id);
    return at === undefined || at + 8 > stream.length ? null : { type: stream.readUInt16LE(at), at: at + 4 };
  };
  const pages = valueOf(PROPERTY.pageCount);
  let pageCount: number | null = null;
  if (pages?.type === VT.i4) pageCount = stream.readInt32LE(pages.at);
  else if (pages?.type === VT.i2) pageCount = stream.readInt16LE(pages.at);
  const codePage = valueOf(PROPERTY.codePage);
  const encoding =
    codePage?.type === VT.i2 && stream.readUInt16LE(codePage.at) === 65001 ? 'utf-8' : 'windows-1252';
  const titleValue = valueOf(PROPERTY.title);
  let title: string | null = null;
  if (titleValue?.type === VT.lpstr) {
    const length = stream.readUInt32LE(titleValue.at);
    const bytes = stream.subarray(titleValue.at + 4, Math.min(stream.length, titleValue.at + 4 + length));
    title = decodeText(bytes, encoding).replace(/\0+$/, '') || null;
  }
  return { pageCount: pageCount !== null && pageCount > 0 ? pageCount : null, title };
}

export interface WordFib {
  readonly encrypted: boolean;
  readonly tableStream: '0Table' | '1Table';
  readonly ccpText: number;
  readonly fcClx: number;
  readonly lcbClx: number;
}

/** Parses the File Information Block at the start of the WordDocument stream. */
export function parseFib(fib: Buffer): WordFib {
  if (fib.length < 64 || fib.readUInt16LE(0) !== FIB_MAGIC)
    throw new WordBinaryError('The WordDocument stream has no Word FIB.');
  const flags = fib.readUInt16LE(10);
  let at = 32;
  const csw = fib.readUInt16LE(at);
  at += 2 + csw * 2;
  if (at + 2 > fib.length) throw new WordBinaryError('The Word FIB is cut off.');
  const cslw = fib.readUInt16LE(at);
  const longs = at + 2;
  at = longs + cslw * 4;
  if (at + 2 > fib.length || cslw < 4) throw new WordBinaryError('The Word FIB is cut off.');
  const ccpText = fib.readUInt32LE(longs + 12);
  const pairs = fib.readUInt16LE(at);
  const blob = at + 2;
  const clx = blob + CLX_PAIR_INDEX * 8;
  const hasClx = pairs > CLX_PAIR_INDEX && clx + 8 <= fib.length;
  return {
    encrypted: (flags & FIB_FLAG_ENCRYPTED) !== 0,
    tableStream: (flags & FIB_FLAG_TABLE_1) !== 0 ? '1Table' : '0Table',
    ccpText,
    fcClx: hasClx ? fib.readUInt32LE(clx) : 0,
    lcbClx: hasClx ? fib.readUInt32LE(clx + 4) : 0,
  };
}

/** The SummaryInformation of an opened compound file. */
export async function readWordSummary(file: CompoundFile): Promise<WordSummary> {
  const stream = file.rootChildren().get(SUMMARY_INFORMATION_STREAM);
  if (stream?.type !== 'stream') return { pageCount: null, title: null };
  return parseSummaryInformation(await file.readStream(stream, 64 * 1024));
}

/**
 * The first `maxChars` characters of the main text ("\r" ends a paragraph, "\f" is a page break), read
 * through the piece table; field codes are dropped and their results kept.
 */
export async function readWordText(
  file: CompoundFile,
  maxChars: number,
): Promise<{ text: string; totalCharacters: number }> {
  const children = file.rootChildren();
  const word = children.get(WORD_DOCUMENT_STREAM);
  if (word?.type !== 'stream') throw new WordBinaryError('No WordDocument stream.');
  const fib = parseFib(await file.readStream(word, 1472));
  if (fib.encrypted) throw new WordBinaryError('The Word document is password-protected.');
  const table = children.get(fib.tableStream);
  if (table?.type !== 'stream' || fib.lcbClx === 0)
    throw new WordBinaryError('The Word document has no piece table.');
  const clx = await file.readStream(table, Math.min(fib.lcbClx, 4 * 1024 * 1024), fib.fcClx);
  let at = 0;
  while (at < clx.length && clx[at] === 0x01) at += 3 + clx.readUInt16LE(at + 1);
  if (clx[at] !== 0x02 || at + 5 > clx.length) throw new WordBinaryError('The Word piece table is broken.');
  const plc = clx.subarray(at + 5, at + 5 + clx.readUInt32LE(at + 1));
  const pieces = Math.floor((plc.length - 4) / 12);
  let text = '';
  const wanted = Math.min(maxChars, fib.ccpText);
  for (let i = 0; i < pieces && text.length < wanted; i++) {
    const start = plc.readUInt32LE(i * 4);
    const end = plc.readUInt32LE(i * 4 + 4);
    const fc = plc.readUInt32LE(4 * (pieces + 1) + i * 8 + 2);
    const chars = Math.min(end - start, wanted - text.length);
    if (chars <= 0) continue;
    text += await readPiece(file, word, fc, chars);
  }
  return { text: dropFieldCodes(text), totalCharacters: fib.ccpText };
}

async function readPiece(
  file: CompoundFile,
  word: DirectoryEntry,
  fc: number,
  chars: number,
): Promise<string> {
  if ((fc & PIECE_COMPRESSED) !== 0) {
    const bytes = await file.readStream(word, chars, (fc & ~PIECE_COMPRESSED) / 2);
    return decodeText(bytes, 'windows-1252');
  }
  return (await file.readStream(word, chars * 2, fc)).toString('utf16le');
}

function dropFieldCodes(text: string): string {
  let out = '';
  let depth = 0;
  let inCode = false;
  for (const char of text) {
    if (char === '\u0013') {
      depth++;
      inCode = true;
    } else if (char === '\u0014') inCode = false;
    else if (char === '\u0015') {
      depth = Math.max(0, depth - 1);
      inCode = false;
    } else if (!inCode || depth === 0) out += char;
  }
  return out;
}
