import { PageTextCollector, XmlStreamScanner } from './page-text';

function scan(chunks: readonly string[]): string[] {
  const events: string[] = [];
  const scanner = new XmlStreamScanner(
    (tag) =>
      events.push(
        `<${tag.closing ? '/' : ''}${tag.name}${tag.selfClosing ? '/' : ''} ${tag.attribute('w:val') ?? ''}>`,
      ),
    (text) => events.push(text),
  );
  for (const chunk of chunks) scanner.push(chunk);
  // Adjacent text events are one text, however the chunks fell.
  return events.reduce<string[]>((merged, event) => {
    const last = merged[merged.length - 1];
    if (last !== undefined && !event.startsWith('<') && !last.startsWith('<'))
      merged[merged.length - 1] = last + event;
    else merged.push(event);
    return merged;
  }, []);
}

describe('reading the text of document XML as it streams', () => {
  const xml =
    '<?xml version="1.0"?><w:p><w:pPr><w:jc w:val="both"/></w:pPr><w:t xml:space="preserve">Tööandja &amp; töötaja &#8222;Leping&#x201C;</w:t></w:p>';

  it('gives the same tags and decoded text wherever the chunks are cut', () => {
    const whole = scan([xml]);
    expect(whole).toEqual([
      '<w:p >',
      '<w:pPr >',
      '<w:jc/ both>',
      '</w:pPr >',
      '<w:t >',
      'Tööandja & töötaja „Leping“',
      '</w:t >',
      '</w:p >',
    ]);
    for (let cut = 1; cut < xml.length; cut++)
      expect(scan([xml.slice(0, cut), xml.slice(cut)])).toEqual(whole);
  });

  it('collects page one up to the first page break and estimates the rest', () => {
    const collector = new PageTextCollector();
    collector.pageBreak(); // before any text: no new page
    collector.text('Title');
    collector.endParagraph();
    collector.text('  First   clause. ');
    collector.endParagraph();
    collector.pageBreak();
    collector.text('x'.repeat(7000));
    collector.endParagraph();
    expect(collector.pageOneDone).toBe(true);
    expect(collector.pageOneText().paragraphs).toEqual(['Title', 'First clause.']);
    expect(collector.estimatedPages()).toBe(3); // 7 023 characters / 3 000 a page
  });
});
