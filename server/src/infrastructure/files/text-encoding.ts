/**
 * Plain-text encodings we accept (SPEC: .txt): UTF-8 (with or without BOM), else a Baltic or Western
 * Windows code page. A text may contain tab, line feed, carriage return and form feed; any other control
 * character (C0, DEL, or C1 — which is what the code pages' unassigned bytes decode to) means the bytes
 * are not text, so binaries and executables fail.
 */
export type TextEncoding = 'utf-8' | 'windows-1257' | 'windows-1252';
export const TEXT_ENCODINGS: readonly TextEncoding[] = ['utf-8', 'windows-1257', 'windows-1252'];

// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;

/** True when `text` holds no control characters other than tab, LF, CR and FF. */
export function isPrintableText(text: string): boolean {
  return !FORBIDDEN_CONTROL.test(text);
}

/**
 * Windows-1252's 0x80–0x9F (0 where the code page leaves a byte unassigned). Node 20's TextDecoder decodes
 * "windows-1252" as ISO-8859-1 (C1 controls there), so we map this range ourselves; 0xA0–0xFF equal Latin-1.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

let windows1257Decoder: InstanceType<typeof TextDecoder> | undefined;

/** Decodes single-byte text; an unassigned byte becomes the C1 control of the same number. */
export function decodeSingleByte(bytes: Uint8Array, encoding: 'windows-1257' | 'windows-1252'): string {
  if (encoding === 'windows-1257') {
    windows1257Decoder ??= new TextDecoder('windows-1257');
    return windows1257Decoder.decode(bytes);
  }
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    const codes = Array.from(bytes.subarray(at, at + 8192), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80] || byte : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/** Decodes text in any encoding we accept. */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  return encoding === 'utf-8' ? new TextDecoder('utf-8').decode(bytes) : decodeSingleByte(bytes, encoding);
}

const encodeTables = new Map<string, Map<string, number>>();

/** Encodes `text` in a single-byte Windows code page; characters it lacks become "?". */
export function encodeSingleByte(text: string, encoding: 'windows-1257' | 'windows-1252'): Buffer {
  let table = encodeTables.get(encoding);
  if (table === undefined) {
    table = new Map();
    for (let byte = 0x80; byte <= 0xff; byte++) {
      const char = decodeSingleByte(Uint8Array.of(byte), encoding);
      if (!/[\u0080-\u009f]/.test(char)) table.set(char, byte);
    }
    encodeTables.set(encoding, table);
  }
  const known = table;
  return Buffer.from(
    [...text].map((char) => (char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : (known.get(char) ?? 0x3f))),
  );
}
