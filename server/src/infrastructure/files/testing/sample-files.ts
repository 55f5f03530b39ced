import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FileFormat } from '../../../domain/catalogue/catalogue-codes';
import { generateDoc } from '../generate/doc.generator';
import type { GenerateOptions, GeneratedDocumentText } from '../generate/document-pages';
import { generateDocx } from '../generate/docx.generator';
import { generateMobi } from '../generate/mobi.generator';
import { generateOdt } from '../generate/odt.generator';
import { generatePdf } from '../generate/pdf.generator';
import { generateRtf } from '../generate/rtf.generator';
import { templateClauses } from '../generate/template-clauses';
import { generateTxt } from '../generate/txt.generator';

export const ESTONIAN_TEMPLATE: GeneratedDocumentText = {
  title: 'Tööleping (põhidokument)',
  language: 'et',
  paragraphs: templateClauses('Tööleping', 'et', 24),
};

export const ENGLISH_TEMPLATE: GeneratedDocumentText = {
  title: 'Commercial lease agreement',
  language: 'en',
  paragraphs: templateClauses('Commercial lease agreement', 'en', 24),
};

/** One generator per allowed format (the .txt one in UTF-8). */
export const GENERATORS: Record<
  FileFormat,
  (doc: GeneratedDocumentText, options?: GenerateOptions) => Promise<Buffer>
> = {
  pdf: generatePdf,
  docx: generateDocx,
  odt: generateOdt,
  doc: generateDoc,
  rtf: generateRtf,
  txt: generateTxt,
  mobi: generateMobi,
};

/** A private temporary folder for one suite; `remove` deletes it and everything in it. */
export async function scratchFolder(): Promise<{
  path: string;
  write: (name: string, bytes: Buffer | string) => Promise<string>;
  remove: () => Promise<void>;
}> {
  const path = await mkdtemp(join(tmpdir(), 'lepinguturg-files-test-'));
  return {
    path,
    write: async (name, bytes) => {
      const file = join(path, name);
      await writeFile(file, bytes);
      return file;
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

/** A Windows PE executable's header as a linker writes it: MZ stub, PE signature, x86-64 COFF header. */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(4096);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('This program cannot be run in DOS mode.\r\r\n$', 0x4e, 'latin1');
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.writeUInt16LE(0x8664, 0x84);
  exe.writeUInt16LE(3, 0x86);
  exe.writeUInt16LE(0xf0, 0x94);
  exe.writeUInt16LE(0x22, 0x96);
  exe.writeUInt16LE(0x20b, 0x98);
  return exe;
}

export function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

export function jpegImage(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}
