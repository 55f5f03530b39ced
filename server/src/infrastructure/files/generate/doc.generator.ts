import { encodeSingleByte } from '../text-encoding';
import {
  FIB_MAGIC,
  PROPERTY,
  SUMMARY_INFORMATION_FMTID,
  SUMMARY_INFORMATION_STREAM,
  VT,
  WORD_DOCUMENT_STREAM,
} from '../word-binary';
import { writeCompoundFile } from './compound-file.writer';
import { layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

const FIB_SIZE = 900;
const TEXT_OFFSET = 1024;

type Property = { id: number; type: number; value: number | string };

/** A SummaryInformation property set ([MS-OLEPS]) with the given properties, strings in Windows-1252. */
export function summaryInformation(properties: readonly Property[]): Buffer {
  const values = properties.map(({ type, value }) => {
    if (type === VT.lpstr) {
      const bytes = Buffer.concat([encodeSingleByte(String(value), 'windows-1252'), Buffer.from([0])]);
      const padded = Buffer.alloc(8 + Math.ceil(bytes.length / 4) * 4);
      padded.writeUInt16LE(type, 0);
      padded.writeUInt32LE(bytes.length, 4);
      bytes.copy(padded, 8);
      return padded;
    }
    const v = Buffer.alloc(8);
    v.writeUInt16LE(type, 0);
    if (type === VT.i2) v.writeInt16LE(Number(value), 4);
    else v.writeInt32LE(Number(value), 4);
    return v;
  });
  const index = Buffer.alloc(8 + properties.length * 8);
  let offset = index.length;
  properties.forEach(({ id }, i) => {
    index.writeUInt32LE(id, 8 + i * 8);
    index.writeUInt32LE(offset, 12 + i * 8);
    offset += values[i]!.length;
  });
  index.writeUInt32LE(offset, 0);
  index.writeUInt32LE(properties.length, 4);
  const header = Buffer.alloc(48);
  header.writeUInt16LE(0xfffe, 0);
  header.writeUInt32LE(0x00020006, 4); // written on Windows NT, as Word does
  header.writeUInt32LE(1, 24);
  SUMMARY_INFORMATION_FMTID.copy(header, 28);
  header.writeUInt32LE(48, 44);
  return Buffer.concat([header, index, ...values]);
}

function fib(textLength: number, language: string): Buffer {
  const fib = Buffer.alloc(FIB_SIZE);
  fib.writeUInt16LE(FIB_MAGIC, 0);
  fib.writeUInt16LE(0x00c1, 2); // nFib: Word 97
  fib.writeUInt16LE(language === 'et' ? 0x0425 : 0x0409, 6);
  fib.writeUInt16LE(0x0200 | 0x1000, 10); // fWhichTblStm (1Table), fExtChar
  fib.writeUInt16LE(0x00bf, 12); // nFibBack
  fib.writeUInt16LE(14, 32); // csw
  fib.writeUInt16LE(22, 62); // cslw
  fib.writeUInt32LE(TEXT_OFFSET + textLength, 64); // cbMac
  fib.writeUInt32LE(textLength, 76); // ccpText
  fib.writeUInt16LE(93, 152); // cbRgFcLcb: FibRgFcLcb97
  fib.writeUInt32LE(0, 154 + 33 * 8); // fcClx: at the start of 1Table
  fib.writeUInt32LE(21, 154 + 33 * 8 + 4); // lcbClx: one piece
  return fib;
}

/** A Clx holding one piece: CPs [0, length) stored as 8-bit text at TEXT_OFFSET. */
function pieceTable(length: number): Buffer {
  const clx = Buffer.alloc(21);
  clx[0] = 0x02;
  clx.writeUInt32LE(16, 1);
  clx.writeUInt32LE(0, 5);
  clx.writeUInt32LE(length, 9);
  clx.writeUInt16LE(0, 13);
  clx.writeUInt32LE((TEXT_OFFSET * 2) | 0x40000000, 15);
  clx.writeUInt16LE(0, 19);
  return clx;
}

/**
 * A Word 97–2003 binary document (.doc): a compound file with a WordDocument stream (Word 97 FIB, the
 * text as one 8-bit piece with page breaks between laid-out pages), a 1Table stream (the piece table) and
 * a SummaryInformation stream holding title and page count (`options.pages` when given). It carries no
 * style sheet or formatting tables, so it is a container for our own readers and tests, not a file to
 * sell: the demo seed uses PDF and DOCX, and tests that need a .doc Word or LibreOffice opens convert a
 * generated DOCX with LibreOffice.
 */
export function generateDoc(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const text = `${doc.title}\r${pages.map((page) => page.paragraphs.map((p) => `${p}\r`).join('')).join('\f')}`;
  const textBytes = encodeSingleByte(text, 'windows-1252');
  const words = text.match(/\S+/g)?.length ?? 0;
  const wordDocument = Buffer.alloc(Math.max(4096, TEXT_OFFSET + textBytes.length));
  fib(textBytes.length, doc.language).copy(wordDocument, 0);
  textBytes.copy(wordDocument, TEXT_OFFSET);
  const summary = summaryInformation([
    { id: PROPERTY.codePage, type: VT.i2, value: 1252 },
    { id: PROPERTY.title, type: VT.lpstr, value: doc.title },
    { id: PROPERTY.author, type: VT.lpstr, value: 'Lepinguturg' },
    { id: PROPERTY.pageCount, type: VT.i4, value: pages.length },
    { id: PROPERTY.wordCount, type: VT.i4, value: words },
    { id: PROPERTY.charCount, type: VT.i4, value: text.length },
    { id: PROPERTY.appName, type: VT.lpstr, value: 'Lepinguturg' },
  ]);
  return Promise.resolve(
    writeCompoundFile([
      { name: WORD_DOCUMENT_STREAM, data: wordDocument },
      { name: '1Table', data: pieceTable(textBytes.length) },
      { name: SUMMARY_INFORMATION_STREAM, data: summary },
    ]),
  );
}
