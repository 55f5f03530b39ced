import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import { checkFileContent } from './content-check';
import {
  detectFileProcessingTools,
  FileProcessingError,
  processFile,
  type FileProcessingTools,
} from './file-processor';
import { layoutPages } from './generate/document-pages';
import { generateMobi } from './generate/mobi.generator';
import { generatePdf } from './generate/pdf.generator';
import { generateTxt } from './generate/txt.generator';
import { convertToPdf } from './libreoffice';
import { hangingProgram, isRunning, recordingProgram } from './testing/fake-programs';
import { ENGLISH_TEMPLATE, ESTONIAN_TEMPLATE, GENERATORS, scratchFolder } from './testing/sample-files';
import { declareInCentralDirectory, unzipAll, zipOf } from './testing/zip-surgery';
import { ESTIMATED_CHARACTERS_PER_PAGE } from './page-text';
import { TXT_LINES_PER_PAGE } from './text-pages';

jest.setTimeout(120_000);

const tools = detectFileProcessingTools();
const withoutOffice: FileProcessingTools = { ...tools, soffice: null };
const withoutPoppler: FileProcessingTools = { ...tools, pdfinfo: null, pdftoppm: null };
/** Runs a test only where the program is installed (Debian's packages; CI installs them). */
const given = (program: 'soffice' | 'pdfinfo' | 'pdftoppm') => (tools[program] === null ? it.skip : it);
const needs = (program: string) =>
  tools[program as 'soffice'] === null ? ` (skipped: ${program} is not installed)` : '';

let folder: Awaited<ReturnType<typeof scratchFolder>>;
beforeAll(async () => {
  folder = await scratchFolder();
});
afterAll(() => folder.remove());

const sample = async (format: FileFormat, pages: number, name = `${format}-${pages}`): Promise<string> =>
  folder.write(`${name}.${format}`, await GENERATORS[format](ESTONIAN_TEMPLATE, { pages }));

/** PNG width, height from the IHDR chunk. */
const pngSize = (png: Buffer) => ({
  signature: png.subarray(1, 4).toString('latin1'),
  width: png.readUInt32BE(16),
  height: png.readUInt32BE(20),
});
/** Page one of an A4 page: 1600 pixels tall, 1131 (±1 for the renderer's rounding) wide. */
const expectA4PageOne = (png: Buffer) => {
  const size = pngSize(png);
  expect(size).toMatchObject({ signature: 'PNG', height: 1600 });
  expect(Math.abs(size.width - 1131)).toBeLessThanOrEqual(1);
};

describe('PDF', () => {
  given('pdfinfo')(
    `counts 1, 3 and 12 pages with poppler and renders page one${needs('pdfinfo')}`,
    async () => {
      for (const pages of [1, 3, 12]) {
        const path = await sample('pdf', pages);
        const processed = await processFile(path, 'pdf', tools);
        expect(processed).toMatchObject({ pages, method: 'pdf' });
        expectA4PageOne(processed.pageOne);
      }
    },
  );

  it('counts 1, 3 and 12 pages with pdf.js when poppler is not installed', async () => {
    for (const pages of [1, 3, 12]) {
      const path = await sample('pdf', pages);
      const processed = await processFile(path, 'pdf', withoutPoppler);
      expect(processed).toMatchObject({ pages, method: 'pdf.js' });
      expectA4PageOne(processed.pageOne);
    }
  });

  it('reports the size in kB, rounded up', async () => {
    const path = await sample('pdf', 2);
    const bytes = (await readFile(path)).length;
    expect((await processFile(path, 'pdf', tools)).sizeKb).toBe(Math.ceil(bytes / 1024));
  });

  it('ends a corrupt PDF in FileProcessingError, with poppler and with pdf.js', async () => {
    const garbage = await folder.write(
      'garbage.pdf',
      Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 31) % 256)),
        Buffer.from('\n%%EOF\n'),
      ]),
    );
    const whole = await generatePdf(ESTONIAN_TEMPLATE, { pages: 3 });
    const truncated = await folder.write('truncated.pdf', whole.subarray(0, Math.floor(whole.length / 2)));
    // An upload this broken is refused before processing (pdf-actions.ts); the processor still ends it in error.
    expect(await checkFileContent(garbage, 'pdf')).toMatchObject({
      ok: false,
      code: 'FILE.PDF_NOT_CHECKABLE',
    });
    for (const candidate of [tools, withoutPoppler]) {
      await expect(processFile(garbage, 'pdf', candidate)).rejects.toThrow(FileProcessingError);
      await expect(processFile(truncated, 'pdf', candidate)).rejects.toThrow(
        new FileProcessingError(
          'The PDF is incomplete: its end-of-file marker is missing (was the upload cut short?).',
        ),
      );
    }
  });
});

describe('word processor documents through LibreOffice', () => {
  (tools.soffice === null ? it.skip : it).each([
    ['docx', 7],
    ['odt', 4],
    ['doc', 2],
    ['rtf', 5],
  ] as const)(
    `counts the pages of a generated .%s (%i pages) from LibreOffice's PDF${needs('soffice')}`,
    async (format, pages) => {
      const processed = await processFile(await sample(format, pages), format, tools);
      expect(processed).toMatchObject({ pages, method: 'libreoffice' });
      expectA4PageOne(processed.pageOne);
    },
  );

  given('soffice')(
    `reads a .doc that LibreOffice itself wrote: exact pages with LibreOffice, the estimate without${needs('soffice')}`,
    async () => {
      const docx = await sample('docx', 6, 'to-convert');
      const out = join(folder.path, 'converted');
      const { mkdir, rename } = await import('node:fs/promises');
      await mkdir(out);
      // LibreOffice's own Word 97 export, as an uploader's real .doc would be.
      const { runProgram } = await import('./run-program');
      const result = await runProgram(
        tools.soffice!,
        [
          `-env:UserInstallation=file://${out}/profile`,
          '--headless',
          '--convert-to',
          'doc:MS Word 97',
          '--outdir',
          out,
          docx,
        ],
        { timeLimitMs: tools.timeLimitMs, env: { ...process.env, HOME: out } },
      );
      expect(result.exitCode).toBe(0);
      const doc = join(out, 'real.doc');
      await rename(join(out, 'to-convert.doc'), doc);
      expect(await checkFileContent(doc, 'doc')).toEqual({ ok: true });
      expect(await processFile(doc, 'doc', tools)).toMatchObject({ pages: 6, method: 'libreoffice' });
      // LibreOffice stores no PIDSI_PAGECOUNT (Word does) and breaks pages by paragraph property, not by a
      // page-break character: without LibreOffice this .doc gets the estimate of 3 000 characters a page.
      const characters = [
        ESTONIAN_TEMPLATE.title,
        ...layoutPages(ESTONIAN_TEMPLATE, { pages: 6 }).flatMap((p) => p.paragraphs),
      ]
        .map((text) => text.length + 1)
        .reduce((a, b) => a + b, 0);
      expect(await processFile(doc, 'doc', withoutOffice)).toMatchObject({
        pages: Math.ceil(characters / ESTIMATED_CHARACTERS_PER_PAGE),
        method: 'text-estimate',
      });
    },
  );

  given('soffice')(
    `kills a hung converter at the time limit, with everything it started${needs('soffice')}`,
    async () => {
      const hanging = await hangingProgram(folder.path);
      const path = await sample('docx', 1, 'hang');
      const error = await processFile(path, 'docx', {
        ...tools,
        soffice: hanging.path,
        timeLimitMs: 1500,
        networkSandbox: [],
      }).catch((e: unknown) => e);
      expect(error).toEqual(new FileProcessingError('Processing took longer than the time limit of 2 s.'));
      expect(await isRunning(await hanging.sleeperPid())).toBe(false);
    },
  );

  it('leaves no temporary folder behind, whether the file is read or refused', async () => {
    const privateTmp = join(folder.path, 'tmp');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(privateTmp);
    const garbage = await folder.write('cleanup-garbage.pdf', '%PDF-1.4\nnot a pdf at all\n%%EOF\n');
    const options = { tempDir: privateTmp };
    await processFile(await sample('rtf', 1, 'cleanup'), 'rtf', tools, options);
    await expect(processFile(garbage, 'pdf', tools, options)).rejects.toThrow(FileProcessingError);
    await expect(processFile(garbage, 'pdf', withoutPoppler, options)).rejects.toThrow(FileProcessingError);
    expect(await readdir(privateTmp)).toEqual([]);
  });

  given('soffice')(
    `does not let LibreOffice fetch an image the document links to, even outside the network namespace${needs('soffice')}`,
    async () => {
      const requests: string[] = [];
      const server: Server = createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const parts = await unzipAll(await GENERATORS.docx(ENGLISH_TEMPLATE, { pages: 1 }));
        const image = `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Linked"/>\
<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="x.png"/>\
<pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdRemote"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr>\
<a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>\
</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
        const document = parts
          .get('word/document.xml')!
          .toString('utf8')
          .replace(
            '<w:document ',
            '<w:document xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" ',
          )
          .replace('<w:sectPr>', `${image}<w:sectPr>`);
        const rels = parts
          .get('word/_rels/document.xml.rels')!
          .toString('utf8')
          .replace(
            '</Relationships>',
            `<Relationship Id="rIdRemote" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:${port}/tracking.png" TargetMode="External"/></Relationships>`,
          );
        parts.set('word/document.xml', Buffer.from(document));
        parts.set('word/_rels/document.xml.rels', Buffer.from(rels));
        const path = await folder.write('linked.docx', await zipOf(parts));
        const workDir = join(folder.path, 'linked-work');
        const { mkdir } = await import('node:fs/promises');
        await mkdir(workDir);
        const converted = await convertToPdf(path, 'docx', workDir, {
          ...tools,
          soffice: tools.soffice!,
          networkSandbox: [],
        });
        expect(converted.ok).toBe(true);
        expect(requests).toEqual([]);
      } finally {
        server.close();
      }
    },
  );
});

describe('word processor documents without LibreOffice', () => {
  it.each([
    ['docx', 7],
    ['odt', 4],
    ['doc', 2],
    ['rtf', 5],
  ] as const)(
    'takes the page count a .%s stores (%i pages) and draws page one from its text',
    async (format, pages) => {
      const processed = await processFile(await sample(format, pages), format, withoutOffice);
      expect(processed).toMatchObject({ pages, method: 'document-metadata' });
      expect(pngSize(processed.pageOne)).toEqual({ signature: 'PNG', width: 1000, height: 1414 });
    },
  );

  it('estimates the pages of a .docx or .odt that stores no count: explicit page breaks, or 3 000 characters a page', async () => {
    const docx = await unzipAll(await GENERATORS.docx(ESTONIAN_TEMPLATE, { pages: 9 }));
    docx.delete('docProps/app.xml');
    const odt = await unzipAll(await GENERATORS.odt(ESTONIAN_TEMPLATE, { pages: 9 }));
    odt.set(
      'meta.xml',
      Buffer.from(
        odt
          .get('meta.xml')!
          .toString('utf8')
          .replace(/meta:page-count="\d+"/, ''),
      ),
    );
    const docxPath = await folder.write('no-count.docx', await zipOf(docx));
    const odtPath = await folder.write('no-count.odt', await zipOf([...odt]));
    expect(await processFile(docxPath, 'docx', withoutOffice)).toMatchObject({
      pages: 9,
      method: 'text-estimate',
    });
    expect(await processFile(odtPath, 'odt', withoutOffice)).toMatchObject({
      pages: 9,
      method: 'text-estimate',
    });
  });

  it('stops inflating a .docx whose central directory understates its sizes, before LibreOffice sees it', async () => {
    const parts = await unzipAll(await GENERATORS.docx(ESTONIAN_TEMPLATE, { pages: 1 }));
    // 8 MB of markup that deflates ~1000:1, declared as 64 kB: the directory passes every limit.
    parts.set(
      'word/document.xml',
      Buffer.concat([parts.get('word/document.xml')!, Buffer.alloc(8 * 1024 * 1024, 0x20)]),
    );
    const zip = await zipOf(parts);
    const lying = declareInCentralDirectory(zip, 'word/document.xml', { uncompressedSize: 64 * 1024 });
    const path = await folder.write('lying.docx', lying);
    expect(await checkFileContent(path, 'docx')).toEqual({ ok: true });
    const expected = new FileProcessingError(
      'The archive unpacks to too much: An entry unpacks to more bytes than the archive declares.',
    );
    await expect(processFile(path, 'docx', withoutOffice)).rejects.toThrow(expected);
    const recording = await recordingProgram(folder.path);
    await expect(
      processFile(path, 'docx', { ...tools, soffice: recording.path, networkSandbox: [] }),
    ).rejects.toThrow(expected);
    expect(existsSync(recording.marker)).toBe(false);
  });
});

describe('plain text and e-books', () => {
  it.each([1, 3, 12])(
    `counts %i pages of text by the rule of ${TXT_LINES_PER_PAGE} lines a page, in UTF-8 and Windows-1257`,
    async (pages) => {
      const utf8 = await folder.write(
        `utf8-${pages}.txt`,
        await generateTxt(ESTONIAN_TEMPLATE, { pages, bom: true }),
      );
      const baltic = await folder.write(
        `baltic-${pages}.txt`,
        await generateTxt(ESTONIAN_TEMPLATE, { pages, encoding: 'windows-1257' }),
      );
      expect(await processFile(utf8, 'txt', tools)).toMatchObject({ pages, method: 'text-layout' });
      expect(await processFile(baltic, 'txt', tools)).toMatchObject({ pages, method: 'text-layout' });
    },
  );

  it('refuses to process bytes that are not text', async () => {
    const binary = await folder.write('binary.txt', Buffer.from([0x00, 0x01, 0x02, 0xff]));
    await expect(processFile(binary, 'txt', tools)).rejects.toThrow(FileProcessingError);
  });

  it.each([1, 3, 12])(
    'counts %i pages of a MOBI book from its header (2 048 bytes of text a page)',
    async (pages) => {
      const path = await folder.write(`book-${pages}.mobi`, await generateMobi(ENGLISH_TEMPLATE, { pages }));
      const processed = await processFile(path, 'mobi', tools);
      expect(processed).toMatchObject({ pages, method: 'mobi-header' });
      expect(pngSize(processed.pageOne)).toEqual({ signature: 'PNG', width: 1000, height: 1414 });
    },
  );

  it('refuses an empty file and a DRM-protected book', async () => {
    await expect(processFile(await folder.write('empty.txt', ''), 'txt', tools)).rejects.toThrow(
      new FileProcessingError('The file is empty.'),
    );
    const book = await generateMobi(ENGLISH_TEMPLATE);
    const record0 = book.readUInt32BE(78);
    book.writeUInt16BE(2, record0 + 12);
    await expect(processFile(await folder.write('drm.mobi', book), 'mobi', tools)).rejects.toThrow(
      new FileProcessingError('The e-book is DRM-protected.'),
    );
  });
});
