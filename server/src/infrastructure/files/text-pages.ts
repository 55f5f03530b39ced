/**
 * The page rule for plain text (docs/decisions/): a printed page holds {@link TXT_LINES_PER_PAGE} lines
 * of at most {@link TXT_LINE_WIDTH} characters. Each line of the file (ended by LF, CRLF or CR) takes
 * ceil(characters / 80) printed lines, at least one (tabs advance to the next multiple of 8), and a form
 * feed starts a new page, as on a printer. Fed in pieces, so a 40 MB file is counted while streaming.
 */
export const TXT_LINES_PER_PAGE = 50;
export const TXT_LINE_WIDTH = 80;
const TAB_WIDTH = 8;

export class TextPageCounter {
  private completedPages = 0;
  private linesOnPage = 0;
  private lineChars = 0;
  private afterCarriageReturn = false;

  push(text: string): void {
    for (const char of text) {
      const wasCarriageReturn = this.afterCarriageReturn;
      this.afterCarriageReturn = char === '\r';
      if (char === '\n') {
        if (!wasCarriageReturn) this.endLine();
      } else if (char === '\r') {
        this.endLine();
      } else if (char === '\f') {
        if (this.lineChars > 0) this.endLine();
        this.completedPages++;
        this.linesOnPage = 0;
      } else if (char === '\t') {
        this.lineChars += TAB_WIDTH - (this.lineChars % TAB_WIDTH);
      } else if (char !== '\ufeff') {
        this.lineChars++;
      }
    }
  }

  /** Pages of the text pushed so far (at least one). */
  pages(): number {
    const pendingLines = this.linesOnPage + (this.lineChars > 0 ? this.printedLines(this.lineChars) : 0);
    const pages = this.completedPages + Math.ceil(pendingLines / TXT_LINES_PER_PAGE);
    return Math.max(1, pages);
  }

  private printedLines(chars: number): number {
    return Math.max(1, Math.ceil(chars / TXT_LINE_WIDTH));
  }

  private endLine(): void {
    this.linesOnPage += this.printedLines(this.lineChars);
    this.lineChars = 0;
    while (this.linesOnPage > TXT_LINES_PER_PAGE) {
      this.completedPages++;
      this.linesOnPage -= TXT_LINES_PER_PAGE;
    }
  }
}

/** Pages of a whole text by the rule above. */
export function countTextPages(text: string): number {
  const counter = new TextPageCounter();
  counter.push(text);
  return counter.pages();
}

/** Words of `paragraph` wrapped into lines of at most {@link TXT_LINE_WIDTH} characters (long words cut). */
export function wrapText(paragraph: string, width = TXT_LINE_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
    let rest = word;
    while ([...rest].length > width) {
      if (line.length > 0) lines.push(line);
      const chars = [...rest];
      lines.push(chars.slice(0, width).join(''));
      rest = chars.slice(width).join('');
      line = '';
    }
    const candidate = line.length > 0 ? `${line} ${rest}` : rest;
    if ([...candidate].length > width) {
      lines.push(line);
      line = rest;
    } else line = candidate;
  }
  if (line.length > 0 || lines.length === 0) lines.push(line);
  return lines;
}
