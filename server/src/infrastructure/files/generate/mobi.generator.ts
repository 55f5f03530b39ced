import {
  MOBI_BYTES_PER_PAGE,
  MOBI_COMPRESSION,
  MOBI_RECORD_SIZE,
  MOBI_TYPE_AND_CREATOR,
  PALMDB_HEADER_LENGTH,
} from '../mobi-book';
import { escapeXml, layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

const MOBI_HEADER_LENGTH = 0xe8;
const NONE = 0xffffffff;
/** PalmDB dates count seconds from 1904-01-01; a fixed one keeps the output reproducible. */
const PALM_DATE = Math.floor(Date.UTC(2026, 0, 1) / 1000) + 2082844800;

function pageHtml(title: string | null, paragraphs: readonly string[], last: boolean): Buffer {
  const head =
    title === null
      ? ''
      : `<html><head><title>${escapeXml(title)}</title></head><body><h1>${escapeXml(title)}</h1>`;
  const tail = last ? '</body></html>' : '<mbp:pagebreak/>';
  // Drop paragraphs from the end until the page fits its 2 048 bytes (pages hold far less in practice).
  for (let kept = paragraphs.length; kept >= 0; kept--) {
    const body = paragraphs
      .slice(0, kept)
      .map((p) => `<p>${escapeXml(p)}</p>`)
      .join('');
    const html = Buffer.from(`${head}${body}${tail}`, 'utf8');
    if (html.length <= MOBI_BYTES_PER_PAGE) return html;
  }
  throw new Error('A MOBI page cannot hold the title');
}

function record0(title: Buffer, textLength: number, textRecordCount: number): Buffer {
  const nameOffset = 16 + MOBI_HEADER_LENGTH;
  const size = nameOffset + title.length + 2 + ((4 - ((title.length + 2) % 4)) % 4);
  const r = Buffer.alloc(size);
  r.writeUInt16BE(MOBI_COMPRESSION.none, 0);
  r.writeUInt32BE(textLength, 4);
  r.writeUInt16BE(textRecordCount, 8);
  r.writeUInt16BE(MOBI_RECORD_SIZE, 10);
  r.write('MOBI', 16, 'latin1');
  r.writeUInt32BE(MOBI_HEADER_LENGTH, 20);
  r.writeUInt32BE(2, 24); // MOBI book
  r.writeUInt32BE(65001, 28); // UTF-8
  r.writeUInt32BE(0x4c545247, 32); // unique id
  r.writeUInt32BE(6, 36); // file version
  for (let at = 40; at < 80; at += 4) r.writeUInt32BE(NONE, at); // no indexes
  r.writeUInt32BE(textRecordCount + 1, 80); // first non-book record
  r.writeUInt32BE(nameOffset, 84);
  r.writeUInt32BE(title.length, 88);
  r.writeUInt32BE(0x25, 92); // locale: Estonian
  r.writeUInt32BE(6, 104); // minimum reader version
  r.writeUInt32BE(textRecordCount + 1, 108); // first image record (none follow)
  r.writeUInt32BE(NONE, 164);
  r.writeUInt32BE(NONE, 168); // no DRM
  r.writeUInt16BE(1, 192); // first content record
  r.writeUInt16BE(textRecordCount, 194); // last content record
  r.writeUInt32BE(1, 196);
  r.writeUInt32BE(NONE, 200); // no FCIS
  r.writeUInt32BE(NONE, 208); // no FLIS
  r.writeUInt32BE(NONE, 224);
  r.writeUInt16BE(0, 0xf2); // no trailing entries in text records
  title.copy(r, nameOffset);
  return r;
}

/**
 * A minimal valid MOBI book (PalmDB BOOK/MOBI, uncompressed UTF-8 HTML in 4 096-byte text records, no
 * images or index). Each laid-out page takes exactly 2 048 bytes of text (padded with spaces, which HTML
 * ignores) but the last, so the e-book page rule counts the laid-out pages (`options.pages` when given).
 */
export function generateMobi(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const text = Buffer.concat(
    pages.map((page, index) => {
      const last = index === pages.length - 1;
      const html = pageHtml(index === 0 ? doc.title : null, page.paragraphs, last);
      return last ? html : Buffer.concat([html, Buffer.alloc(MOBI_BYTES_PER_PAGE - html.length, 0x20)]);
    }),
  );
  const textRecords: Buffer[] = [];
  for (let at = 0; at < text.length; at += MOBI_RECORD_SIZE)
    textRecords.push(text.subarray(at, at + MOBI_RECORD_SIZE));
  const title = Buffer.from(doc.title, 'utf8');
  const eof = Buffer.from([0xe9, 0x8e, 0x0d, 0x0a]);
  const records = [record0(title, text.length, textRecords.length), ...textRecords, eof];
  const header = Buffer.alloc(PALMDB_HEADER_LENGTH + records.length * 8 + 2);
  const name =
    doc.title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .slice(0, 31) || 'book';
  header.write(name, 0, 'latin1');
  header.writeUInt32BE(PALM_DATE, 36);
  header.writeUInt32BE(PALM_DATE, 40);
  header.write(MOBI_TYPE_AND_CREATOR, 60, 'latin1');
  header.writeUInt32BE(records.length * 2 - 1, 68); // unique id seed
  header.writeUInt16BE(records.length, 76);
  let offset = header.length;
  records.forEach((record, index) => {
    header.writeUInt32BE(offset, PALMDB_HEADER_LENGTH + index * 8);
    header.writeUInt32BE(index * 2, PALMDB_HEADER_LENGTH + index * 8 + 4); // attributes 0, unique id
    offset += record.length;
  });
  return Promise.resolve(Buffer.concat([header, ...records]));
}
