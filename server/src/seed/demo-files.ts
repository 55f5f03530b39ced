import type { DocumentLanguage } from '../domain/catalogue/catalogue-codes';
import { templateClauses } from '../infrastructure/files/generate/template-clauses';

export interface DemoFileBytes {
  /** The file name an uploader would have: the template's title and the format's extension. */
  readonly name: string;
  readonly bytes: Buffer;
}

/** Clauses per page the generators lay out; more than fit, so every page is full. */
const CLAUSES_PER_PAGE = 8;

/**
 * A seeded template's files, generated: a PDF (its main file) and a DOCX of the same text, the title and
 * `pages` pages of plausible clauses in the template's language.
 */
export async function demoFiles(template: {
  readonly title: string;
  readonly description: string;
  readonly language: DocumentLanguage;
  readonly pages: number;
}): Promise<{ readonly pdf: DemoFileBytes; readonly docx: DemoFileBytes }> {
  const text = {
    title: template.title,
    language: template.language,
    paragraphs: [
      template.description,
      ...templateClauses(template.title, template.language, template.pages * CLAUSES_PER_PAGE),
    ],
  };
  const options = { pages: template.pages };
  // The generators (pdfkit with its fonts, docx) load with the first demo file, not with every server.
  const [{ generatePdf }, { generateDocx }] = await Promise.all([
    import('../infrastructure/files/generate/pdf.generator'),
    import('../infrastructure/files/generate/docx.generator'),
  ]);
  const [pdf, docx] = await Promise.all([generatePdf(text, options), generateDocx(text, options)]);
  const base = template.title.replace(/[/\\]/g, '-');
  return { pdf: { name: `${base}.pdf`, bytes: pdf }, docx: { name: `${base}.docx`, bytes: docx } };
}
