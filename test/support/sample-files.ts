import type { FileFormat } from '../../server/src/domain/catalogue/catalogue-codes';
import { generateDoc } from '../../server/src/infrastructure/files/generate/doc.generator';
import { generateDocx } from '../../server/src/infrastructure/files/generate/docx.generator';
import { generateMobi } from '../../server/src/infrastructure/files/generate/mobi.generator';
import { generateOdt } from '../../server/src/infrastructure/files/generate/odt.generator';
import { generatePdf } from '../../server/src/infrastructure/files/generate/pdf.generator';
import { generateRtf } from '../../server/src/infrastructure/files/generate/rtf.generator';
import { templateClauses } from '../../server/src/infrastructure/files/generate/template-clauses';
import { generateTxt } from '../../server/src/infrastructure/files/generate/txt.generator';

const GENERATORS = {
  pdf: generatePdf,
  docx: generateDocx,
  odt: generateOdt,
  doc: generateDoc,
  rtf: generateRtf,
  txt: generateTxt,
  mobi: generateMobi,
} as const satisfies Record<FileFormat, unknown>;

/** A real file of the format with exactly `pages` pages of Estonian clauses (the file library's generators). */
export function aSampleFile(format: FileFormat, pages: number, title = 'Üürileping'): Promise<Buffer> {
  return GENERATORS[format](
    { title, language: 'et', paragraphs: templateClauses(title, 'et', pages * 8) },
    { pages },
  );
}
