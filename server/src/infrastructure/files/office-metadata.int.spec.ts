import { layoutPages } from './generate/document-pages';
import { readDocMetadata, readDocxMetadata, readOdtMetadata, readRtfMetadata } from './office-metadata';
import { ENGLISH_TEMPLATE, ESTONIAN_TEMPLATE, GENERATORS, scratchFolder } from './testing/sample-files';
import { ZipArchive } from './zip-archive';

let folder: Awaited<ReturnType<typeof scratchFolder>>;
beforeAll(async () => {
  folder = await scratchFolder();
});
afterAll(() => folder.remove());

const pageOneOf = (doc: typeof ESTONIAN_TEMPLATE) => [
  doc.title,
  ...layoutPages(doc, { pages: 3 })[0]!.paragraphs,
];

describe('what a document says about itself (no LibreOffice)', () => {
  it.each(['docx', 'odt'] as const)(
    'reads the stored page count and page one’s text of a .%s',
    async (format) => {
      const path = await folder.write(
        `three.${format}`,
        await GENERATORS[format](ESTONIAN_TEMPLATE, { pages: 3 }),
      );
      const archive = await ZipArchive.open(path);
      try {
        const metadata = format === 'docx' ? await readDocxMetadata(archive) : await readOdtMetadata(archive);
        expect(metadata.pages).toBe(3);
        expect(metadata.pageOne.paragraphs).toEqual(pageOneOf(ESTONIAN_TEMPLATE));
      } finally {
        archive.close();
      }
    },
  );

  it('reads PIDSI_PAGECOUNT and the text through the piece table of a .doc', async () => {
    const path = await folder.write('three.doc', await GENERATORS.doc(ENGLISH_TEMPLATE, { pages: 3 }));
    const metadata = await readDocMetadata(path);
    expect(metadata.pages).toBe(3);
    expect(metadata.pageOne.paragraphs).toEqual(pageOneOf(ENGLISH_TEMPLATE));
  });

  it('reads \\nofpages and the body of an .rtf: Unicode escapes, code-page bytes, skipped groups', async () => {
    const generated = await folder.write('three.rtf', await GENERATORS.rtf(ESTONIAN_TEMPLATE, { pages: 3 }));
    const metadata = await readRtfMetadata(generated);
    expect(metadata.pages).toBe(3);
    expect(metadata.pageOne.paragraphs).toEqual(pageOneOf(ESTONIAN_TEMPLATE));

    const handWritten = await folder.write(
      'hand.rtf',
      "{\\rtf1\\ansi\\ansicpg1257{\\fonttbl{\\f0 Times;}}{\\*\\generator Word;}{\\info{\\title X}}T\\'f6\\'f6leping \\u353?\\u382?\\par\\pard Teine l\\'f5ik\\page Kolmas}",
    );
    const hand = await readRtfMetadata(handWritten);
    expect(hand.pages).toBeNull();
    expect(hand.pageOne.paragraphs).toEqual(['Tööleping šž', 'Teine lõik']);
    expect(hand.estimatedPages).toBe(2);
  });
});
