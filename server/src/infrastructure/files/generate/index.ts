/** Real-file generators for the demo seed and tests: every output opens in the program it is made for. */
export { generateDoc } from './doc.generator';
export {
  CHARACTERS_PER_PAGE,
  layoutPages,
  type GenerateOptions,
  type GeneratedDocumentText,
} from './document-pages';
export { generateDocx } from './docx.generator';
export { generateMobi } from './mobi.generator';
export { generateOdt } from './odt.generator';
export { generatePdf } from './pdf.generator';
export { generateRtf } from './rtf.generator';
export { templateClauses } from './template-clauses';
export { generateTxt, type TxtOptions } from './txt.generator';
