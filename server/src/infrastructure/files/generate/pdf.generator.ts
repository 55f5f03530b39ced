import PDFDocument from 'pdfkit';
import { layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

/**
 * A real PDF (pdfkit, A4, the standard Times fonts, which cover Estonian letters in WinAnsi), one page per
 * laid-out page: exactly `options.pages` pages when given.
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
    pdf.font('Times-Roman').fontSize(11);
    for (const paragraph of page.paragraphs) pdf.text(paragraph, { paragraphGap: 6, align: 'justify' });
  });
  pdf.end();
  return done;
}
