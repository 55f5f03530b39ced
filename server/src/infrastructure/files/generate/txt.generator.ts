import { encodeSingleByte } from '../text-encoding';
import { TXT_LINES_PER_PAGE, wrapText } from '../text-pages';
import { layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

export interface TxtOptions extends GenerateOptions {
  /** UTF-8 (default, LF line ends, optionally with a BOM) or Windows-1257 (CRLF, as Notepad wrote it). */
  readonly encoding?: 'utf-8' | 'windows-1257';
  readonly bom?: boolean;
}

/**
 * Plain text laid out by the page rule of text-pages.ts: lines wrapped at 80 characters, a blank line
 * between paragraphs, and every page but the last filled to 50 lines, so the rule counts exactly the
 * laid-out pages (`options.pages` when given).
 */
export function generateTxt(doc: GeneratedDocumentText, options: TxtOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const lines: string[] = [];
  pages.forEach((page, index) => {
    const pageLines: string[] = index === 0 ? [...wrapText(doc.title.toUpperCase()), ''] : [];
    page.paragraphs.forEach((paragraph, at) => {
      if (at > 0) pageLines.push('');
      pageLines.push(...wrapText(paragraph));
    });
    if (pageLines.length > TXT_LINES_PER_PAGE)
      throw new Error('A laid-out page does not fit 50 lines of text');
    if (index < pages.length - 1) while (pageLines.length < TXT_LINES_PER_PAGE) pageLines.push('');
    lines.push(...pageLines);
  });
  if (options.encoding === 'windows-1257')
    return Promise.resolve(encodeSingleByte(`${lines.join('\r\n')}\r\n`, 'windows-1257'));
  return Promise.resolve(Buffer.from(`${options.bom === true ? '\ufeff' : ''}${lines.join('\n')}\n`, 'utf8'));
}
