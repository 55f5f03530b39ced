import { layoutPages, type GenerateOptions, type GeneratedDocumentText } from './document-pages';

/** RTF text escaping: markup characters escaped, everything outside ASCII as `\uN?` (signed 16-bit units). */
export function escapeRtf(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === '{' || char === '}') out += `\\${char}`;
    else if (char === '\n') out += '\\line ';
    else if (code < 0x20) continue;
    else if (code < 0x80) out += char;
    else
      for (const unit of char.split('').map((c) => c.charCodeAt(0)))
        out += `\\u${unit > 0x7fff ? unit - 0x10000 : unit}?`;
  }
  return out;
}

/**
 * A Rich Text Format document: A4, `\page` between laid-out pages (exactly `options.pages` pages when
 * given), and the page count in the `{\info}` group as `\nofpages`, where Word writes it.
 */
export function generateRtf(doc: GeneratedDocumentText, options: GenerateOptions = {}): Promise<Buffer> {
  const pages = layoutPages(doc, options);
  const lines = [
    '{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1',
    '{\\fonttbl{\\f0\\froman\\fcharset0 Times New Roman;}}',
    `{\\info{\\title ${escapeRtf(doc.title)}}{\\author Lepinguturg}{\\nofpages${pages.length}}}`,
    '\\paperw11906\\paperh16838\\margl1440\\margr1440\\margt1440\\margb1440',
    `\\pard\\plain\\f0\\sa240\\fs32\\b ${escapeRtf(doc.title)}\\b0\\par`,
  ];
  pages.forEach((page, index) => {
    if (index > 0) lines.push('\\page');
    for (const text of page.paragraphs)
      lines.push(`\\pard\\plain\\f0\\fs22\\sa120\\qj ${escapeRtf(text)}\\par`);
  });
  lines.push('}');
  return Promise.resolve(Buffer.from(lines.join('\n'), 'latin1'));
}
