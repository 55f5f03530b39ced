import PDFDocument from 'pdfkit';
import { layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

/** A section heading of templateClauses ("3. Tasu ja maksetingimused"): short, numbered, no full stop. */
const SECTION_HEADING = /^\d{1,3}\. [^.]{1,80}$/u;

/**
 * A real PDF (pdfkit, A4, the standard Times fonts, which cover Estonian letters in WinAnsi), one page per
 * laid-out page: exactly `options.pages` pages when given. Section headings are set bold and listed in
 * the PDF's outline (bookmarks), as a word processor's export does.
 */
export function generatePdf(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 72,
    autoFirstPage: false,
    lang: doc.language,
    info: { Title: doc.title, Creator: 'Lepinguturg', CreationDate: new Date(Date.UTC(2026, 0, 1)) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pages.forEach((page, index) => {
    pdf.addPage();
    if (index === 0) pdf.font('Times-Bold').fontSize(16).text(doc.title, { paragraphGap: 12 });
    for (const paragraph of page.paragraphs) {
      const heading = SECTION_HEADING.test(paragraph);
      if (heading) pdf.outline.addItem(paragraph);
      pdf.font(heading ? 'Times-Bold' : 'Times-Roman').fontSize(11);
      pdf.text(paragraph, { paragraphGap: 6, align: heading ? 'left' : 'justify' });
    }
  });
  pdf.end();
  return done;
}
