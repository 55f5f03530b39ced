import { contentsFromLines, contentsFromOutline, headingLevelOfText } from './table-of-contents';

describe('a line that reads as a heading of a legal template', () => {
  it.each([
    ['1. Üldsätted', 1],
    ['3.2 Tasu maksmise kord', 2],
    ['4.1.3. Viivis', 3],
    ['II. Parties', 1],
    ['§ 5. Lepingu lõpetamine', 1],
    ['KONFIDENTSIAALSUS', 1],
    ['Rights and obligations of the parties', null],
  ] as const)('%s → %s', (text, level) => {
    expect(headingLevelOfText(text)).toBe(level);
  });

  it.each([
    '1.1. Käesolev leping sõlmitakse poolte vahel allpool märgitud kuupäeval.',
    '2. the parties agree as follows',
    '12. 2026',
    '4.2. Maksega viivitamise korral on õigustatud poolel õigus nõuda viivist 0,05% tasumata summast iga viivitatud päeva eest ning see kehtib ka',
    'TÖÖANDJA:',
    'Tellija kohustub tasuma arve neljateistkümne päeva jooksul.',
  ])('body text is never a heading: %s', (text) => {
    expect(headingLevelOfText(text)).toBeNull();
  });
});

describe('the table of contents of a document', () => {
  it('takes the headings a file marks, in order, with their pages and levels', () => {
    expect(
      contentsFromLines([
        { text: 'Tööleping', page: 1, headingLevel: 1 },
        { text: 'Pooled sõlmivad lepingu.', page: 1 },
        { text: 'Töötasu', page: 2, headingLevel: 2 },
        { text: '1. Not a marked heading', page: 2 },
      ]),
    ).toEqual([
      { level: 1, text: 'Tööleping', page: 1 },
      { level: 2, text: 'Töötasu', page: 2 },
    ]);
  });

  it('in a PDF without marks: numbered sections, larger type and bold lines, never the body or the title', () => {
    const body = (text: string, page: number) => ({ text, page, size: 11, bold: false });
    expect(
      contentsFromLines([
        { text: 'Üürileping', page: 1, size: 18, bold: true },
        body('Käesolev leping sõlmiti Tallinnas ja see reguleerib üüri.', 1),
        { text: 'Lepingu pooled', page: 1, size: 14, bold: false },
        body('Üürileandja annab üürnikule kasutada eluruumi aadressil Narva mnt 5.', 1),
        { text: 'Üüri suurus', page: 2, size: 11, bold: true },
        body('Üür on 500 eurot kuus ja see makstakse iga kuu viiendaks kuupäevaks.', 2),
        body('3. Lepingu lõpetamine', 2),
        body('Pool võib lepingu üles öelda kolmekuulise etteteatamisega.', 2),
        body('Allkirjad', 3),
      ]),
    ).toEqual([
      { level: 2, text: 'Lepingu pooled', page: 1 },
      { level: 3, text: 'Üüri suurus', page: 2 },
      { level: 1, text: '3. Lepingu lõpetamine', page: 2 },
    ]);
  });

  it('says nothing by bold when most of the text is bold', () => {
    const lines = ['Pealkiri üks', 'Teine rida', 'Kolmas rida'].map((text) => ({
      text,
      page: 1,
      size: 11,
      bold: true,
    }));
    expect(contentsFromLines(lines)).toEqual([]);
  });

  it("prefers a PDF's outline, nested levels kept, an empty title left out", () => {
    expect(
      contentsFromOutline([
        { title: '1. General provisions', level: 1, page: 1 },
        { title: '1.1  Definitions', level: 2, page: 1 },
        { title: '   ', level: 1, page: 2 },
        { title: 'Annex', level: 5, page: null },
      ]),
    ).toEqual([
      { level: 1, text: '1. General provisions', page: 1 },
      { level: 2, text: '1.1 Definitions', page: 1 },
      { level: 3, text: 'Annex', page: null },
    ]);
  });
});
