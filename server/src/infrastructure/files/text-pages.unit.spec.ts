import { countTextPages, TextPageCounter, TXT_LINE_WIDTH, TXT_LINES_PER_PAGE, wrapText } from './text-pages';

const lines = (count: number, text = 'rida') => Array.from({ length: count }, () => text).join('\n');

describe('the page rule for plain text', () => {
  it(`fits ${TXT_LINES_PER_PAGE} lines on a page and starts a new one with the next`, () => {
    expect(countTextPages(lines(50))).toBe(1);
    expect(countTextPages(`${lines(50)}\n`)).toBe(1);
    expect(countTextPages(lines(51))).toBe(2);
    expect(countTextPages(lines(150))).toBe(3);
  });

  it(`wraps a line longer than ${TXT_LINE_WIDTH} characters onto as many printed lines as it needs`, () => {
    expect(countTextPages(lines(25, 'x'.repeat(81)))).toBe(1);
    expect(countTextPages(lines(26, 'x'.repeat(81)))).toBe(2);
    expect(countTextPages(lines(17, 'õ'.repeat(240)))).toBe(2);
  });

  it('counts empty lines, reads LF, CRLF and CR alike, and expands tabs to the next multiple of eight', () => {
    expect(countTextPages('\n'.repeat(51))).toBe(2);
    expect(countTextPages(lines(51).replace(/\n/g, '\r\n'))).toBe(2);
    expect(countTextPages(lines(51).replace(/\n/g, '\r'))).toBe(2);
    expect(countTextPages(lines(50, '\t'.repeat(10) + 'x'))).toBe(2);
  });

  it('starts a new page at a form feed, as a printer does', () => {
    expect(countTextPages('one\ftwo\fthree')).toBe(3);
    expect(countTextPages('one\n\ftwo\n')).toBe(2);
    expect(countTextPages('one\f')).toBe(1);
  });

  it('gives at least one page, and the same count whichever way the text is cut into pieces', () => {
    expect(countTextPages('')).toBe(1);
    const text = `${lines(30, 'a'.repeat(100))}\r\n\fnext\r\n${lines(70)}`;
    for (let cut = 0; cut <= text.length; cut += 7) {
      const counter = new TextPageCounter();
      counter.push(text.slice(0, cut));
      counter.push(text.slice(cut));
      expect(counter.pages()).toBe(countTextPages(text));
    }
  });

  it('wraps words into lines of at most 80 characters', () => {
    const wrapped = wrapText('Lepingu lisad on lepingu lahutamatud osad; '.repeat(10));
    expect(wrapped.every((line) => line.length <= 80)).toBe(true);
    expect(wrapped.join(' ')).toBe('Lepingu lisad on lepingu lahutamatud osad; '.repeat(10).trim());
    expect(wrapText('x'.repeat(170))).toEqual(['x'.repeat(80), 'x'.repeat(80), 'x'.repeat(10)]);
  });
});
