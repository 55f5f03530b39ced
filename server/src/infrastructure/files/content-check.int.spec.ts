import { copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { FILE_FORMATS, type FileFormat } from '../../domain/catalogue/catalogue-codes';
import { checkFileContent, DEFAULT_ZIP_LIMITS } from './content-check';
import { generateTxt } from './generate/txt.generator';
import {
  ENGLISH_TEMPLATE,
  ESTONIAN_TEMPLATE,
  GENERATORS,
  jpegImage,
  pngImage,
  scratchFolder,
  windowsExecutable,
} from './testing/sample-files';
import {
  declareInCentralDirectory,
  unzipAll,
  zipOf,
  zipOfZeros,
  zipWithManyEntries,
} from './testing/zip-surgery';

jest.setTimeout(30_000);

let folder: Awaited<ReturnType<typeof scratchFolder>>;
const samples = new Map<FileFormat, string>();

beforeAll(async () => {
  folder = await scratchFolder();
  for (const format of FILE_FORMATS)
    samples.set(
      format,
      await folder.write(`sample.${format}`, await GENERATORS[format](ESTONIAN_TEMPLATE, { pages: 2 })),
    );
});
afterAll(() => folder.remove());

describe('checking that a file is what its extension says', () => {
  it.each(FILE_FORMATS)(
    'accepts a generated .%s as its own format and refuses it as every other',
    async (format) => {
      expect(await checkFileContent(samples.get(format)!, format)).toEqual({ ok: true });
      for (const other of FILE_FORMATS.filter((f) => f !== format)) {
        const result = await checkFileContent(samples.get(format)!, other);
        expect({ other, result }).toMatchObject({
          other,
          result: { ok: false, code: 'FILE.CONTENT_MISMATCH' },
        });
      }
    },
  );

  it('accepts English documents and plain text with a BOM or in Windows-1257', async () => {
    for (const format of FILE_FORMATS) {
      const path = await folder.write(`english.${format}`, await GENERATORS[format](ENGLISH_TEMPLATE));
      expect(await checkFileContent(path, format)).toEqual({ ok: true });
    }
    const bom = await folder.write('bom.txt', await generateTxt(ESTONIAN_TEMPLATE, { bom: true }));
    const baltic = await folder.write(
      'baltic.txt',
      await generateTxt(ESTONIAN_TEMPLATE, { encoding: 'windows-1257' }),
    );
    expect(await checkFileContent(bom, 'txt')).toEqual({ ok: true });
    expect(await checkFileContent(baltic, 'txt')).toEqual({ ok: true });
  });

  it('refuses a renamed Windows or Linux program under every extension', async () => {
    const exe = await folder.write('setup.exe', windowsExecutable());
    const elf = existsSync('/bin/true') ? '/bin/true' : null;
    for (const format of FILE_FORMATS) {
      const renamed = `${folder.path}/program-as.${format}`;
      await copyFile(exe, renamed);
      expect(await checkFileContent(renamed, format)).toMatchObject({
        ok: false,
        code: 'FILE.CONTENT_MISMATCH',
      });
      if (elf !== null) {
        await copyFile(elf, renamed);
        expect(await checkFileContent(renamed, format)).toMatchObject({
          ok: false,
          code: 'FILE.CONTENT_MISMATCH',
        });
      }
    }
    expect(await checkFileContent(exe, 'pdf')).toMatchObject({
      reason: expect.stringContaining('Windows program'),
    });
  });

  it('refuses PNG and JPEG images named .pdf, .docx or .txt', async () => {
    const png = await folder.write('picture.pdf', await pngImage());
    const jpeg = await folder.write('photo.docx', await jpegImage());
    expect(await checkFileContent(png, 'pdf')).toEqual({
      ok: false,
      code: 'FILE.CONTENT_MISMATCH',
      reason: 'The file is a PNG image, not a PDF document.',
    });
    expect(await checkFileContent(png, 'docx')).toMatchObject({ ok: false, code: 'FILE.CONTENT_MISMATCH' });
    expect(await checkFileContent(jpeg, 'docx')).toEqual({
      ok: false,
      code: 'FILE.CONTENT_MISMATCH',
      reason: 'The file is a JPEG image, not a Word document (Office Open XML).',
    });
    expect(await checkFileContent(jpeg, 'txt')).toMatchObject({ ok: false, code: 'FILE.CONTENT_MISMATCH' });
  });

  it('refuses an empty file', async () => {
    expect(await checkFileContent(await folder.write('empty.pdf', ''), 'pdf')).toMatchObject({
      ok: false,
      code: 'FILE.EMPTY',
    });
  });

  it('tells a zip of the wrong kind apart from a Word or OpenDocument text', async () => {
    const parts = await unzipAll(await GENERATORS.docx(ESTONIAN_TEMPLATE));
    const withoutBody = await folder.write(
      'no-body.docx',
      await zipOf([...parts].map(([n, d]) => [n, n === 'word/document.xml' ? null : d])),
    );
    const spreadsheet = await folder.write(
      'sheet.odt',
      await zipOf([
        ['mimetype', Buffer.from('application/vnd.oasis.opendocument.spreadsheet')],
        ['content.xml', Buffer.from('<office:document-content/>')],
      ]),
    );
    const plainZip = await folder.write('photos.docx', await zipOf([['photo.jpg', await jpegImage()]]));
    expect(await checkFileContent(withoutBody, 'docx')).toMatchObject({
      ok: false,
      code: 'FILE.CONTENT_MISMATCH',
    });
    expect(await checkFileContent(spreadsheet, 'odt')).toMatchObject({
      ok: false,
      code: 'FILE.CONTENT_MISMATCH',
      reason: expect.stringContaining('opendocument.spreadsheet'),
    });
    expect(await checkFileContent(plainZip, 'docx')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('a zip archive'),
    });
    expect(await checkFileContent(samples.get('odt')!, 'docx')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('OpenDocument'),
    });
  });

  it('refuses binary bytes and control characters as text, whatever the encoding', async () => {
    const nul = await folder.write('nul.txt', Buffer.from('Leping\u0000sõlmitakse\n', 'utf8'));
    const bell = await folder.write('bell.txt', Buffer.from('Leping\u0007\n', 'latin1'));
    const unassigned = await folder.write('c1.txt', Buffer.from([0x4c, 0x81, 0x90, 0x0a]));
    for (const path of [nul, bell, unassigned])
      expect(await checkFileContent(path, 'txt')).toMatchObject({ ok: false, code: 'FILE.CONTENT_MISMATCH' });
    const formFeed = await folder.write('ff.txt', 'Page one\fPage two\r\n\tIndented\n');
    expect(await checkFileContent(formFeed, 'txt')).toEqual({ ok: true });
  });

  it('refuses a .doc compound file without a Word document inside', async () => {
    const { writeCompoundFile } = await import('./generate/compound-file.writer');
    const workbook = await folder.write(
      'book.doc',
      writeCompoundFile([{ name: 'Workbook', data: Buffer.alloc(5000, 1) }]),
    );
    expect(await checkFileContent(workbook, 'doc')).toEqual({
      ok: false,
      code: 'FILE.CONTENT_MISMATCH',
      reason: 'The file is an Excel workbook, not a Word 97–2003 document.',
    });
    const cut = await folder.write('cut.doc', (await GENERATORS.doc(ESTONIAN_TEMPLATE)).subarray(0, 1024));
    expect(await checkFileContent(cut, 'doc')).toMatchObject({ ok: false, code: 'FILE.CONTENT_MISMATCH' });
  });
});

describe('zip bombs are refused from the central directory, before anything is decompressed', () => {
  it(`refuses more than ${DEFAULT_ZIP_LIMITS.maxEntries} entries`, async () => {
    const path = await folder.write('entries.docx', zipWithManyEntries(10_000));
    expect(await checkFileContent(path, 'docx')).toEqual({
      ok: false,
      code: 'FILE.ARCHIVE_TOO_LARGE',
      reason: `The archive has 10002 entries; at most ${DEFAULT_ZIP_LIMITS.maxEntries} are allowed.`,
    });
  });

  it('refuses an entry of 16 MB of zeros deflated a thousandfold', async () => {
    const path = await folder.write('zeros.docx', await zipOfZeros(16 * 1024 * 1024, 9));
    expect(await checkFileContent(path, 'docx')).toMatchObject({
      ok: false,
      code: 'FILE.ARCHIVE_TOO_LARGE',
      reason: expect.stringMatching(/word\/document\.xml is compressed \d+:1; at most 200:1/),
    });
  });

  it('refuses an archive that declares 2 GB, even when its data could not be inflated at all', async () => {
    // The entry's data is 4 KB of random bytes, not deflate: had anything been inflated, the answer would
    // be a broken archive, not a refused size.
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    const zip = await zipOf([
      ['[Content_Types].xml', Buffer.from('<Types/>')],
      ['word/document.xml', garbage],
    ]);
    const declared = declareInCentralDirectory(zip, 'word/document.xml', {
      uncompressedSize: 2 ** 31,
      compressedSize: 4096,
    });
    const path = await folder.write('declared.docx', declared);
    expect(await checkFileContent(path, 'docx', { maxCompressionRatio: Number.MAX_SAFE_INTEGER })).toEqual({
      ok: false,
      code: 'FILE.ARCHIVE_TOO_LARGE',
      reason: `The archive unpacks to more than ${DEFAULT_ZIP_LIMITS.maxUncompressedBytes} bytes.`,
    });
  });

  it('passes a real document well inside the limits', async () => {
    const long = await folder.write('long.docx', await GENERATORS.docx(ESTONIAN_TEMPLATE, { pages: 200 }));
    expect(await checkFileContent(long, 'docx')).toEqual({ ok: true });
  });
});
