import { ZipFile } from 'yazl';
import { GENERATED_AT } from './document-pages';

export interface ZipPart {
  readonly name: string;
  readonly content: string | Buffer;
  /** Stored without compression (the ODF `mimetype` entry must be). */
  readonly stored?: boolean;
}

/** A zip container of the parts in the given order (yazl), with fixed time stamps. */
export function zipParts(parts: readonly ZipPart[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const part of parts) {
    const content = typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content;
    zip.addBuffer(content, part.name, { mtime: GENERATED_AT, compress: part.stored !== true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
