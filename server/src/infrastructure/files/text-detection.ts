import { createReadStream } from 'node:fs';
import { decodeSingleByte, isPrintableText, type TextEncoding } from './text-encoding';

/** Per byte: may it occur in printable text of this code page (not a control, and assigned)? */
function printableBytes(encoding: 'windows-1257' | 'windows-1252'): Uint8Array {
  const table = new Uint8Array(256);
  for (let byte = 0; byte < 256; byte++)
    table[byte] = isPrintableText(decodeSingleByte(Uint8Array.of(byte), encoding)) ? 1 : 0;
  return table;
}

let tables: { 'windows-1257': Uint8Array; 'windows-1252': Uint8Array } | undefined;

/**
 * The encoding in which the whole file is printable text (text-encoding.ts), preferring UTF-8, then the
 * Baltic code page, then the Western one; null when it is none (a binary). Streams the file once and stops
 * at the first byte that rules out every encoding.
 */
export async function detectTextEncoding(path: string): Promise<TextEncoding | null> {
  tables ??= {
    'windows-1257': printableBytes('windows-1257'),
    'windows-1252': printableBytes('windows-1252'),
  };
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let utf8Ok = true;
  let cp1257Ok = true;
  let cp1252Ok = true;
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      if (utf8Ok) {
        try {
          utf8Ok = isPrintableText(utf8.decode(bytes, { stream: true }));
        } catch {
          utf8Ok = false;
        }
      }
      if (cp1257Ok) cp1257Ok = bytes.every((byte) => tables!['windows-1257'][byte] === 1);
      if (cp1252Ok) cp1252Ok = bytes.every((byte) => tables!['windows-1252'][byte] === 1);
      if (!utf8Ok && !cp1257Ok && !cp1252Ok) return null;
    }
  } finally {
    stream.destroy();
  }
  if (utf8Ok) {
    try {
      utf8.decode();
      return 'utf-8';
    } catch {
      // a multi-byte sequence cut off at the end: not UTF-8
    }
  }
  return cp1257Ok ? 'windows-1257' : cp1252Ok ? 'windows-1252' : null;
}
