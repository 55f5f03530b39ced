/** SPEC §5 and §9, mirrored so the uploader hears about a wrong file before it is sent. */
export const ALLOWED_EXTENSIONS = ['doc', 'docx', 'pdf', 'txt', 'rtf', 'odt', 'mobi'] as const;
/** 40 MB, as the server counts it. */
export const MAX_FILE_BYTES = 40 * 1024 * 1024;
/** SPEC §9: maximum document fee 1000 euro. */
export const MAX_PRICE_CENTS = 100_000;
/** The `accept` attribute of the file chooser. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The server's code for what is wrong with a file, or null when it may be sent. */
export type FileProblem = 'FILE.EXTENSION_NOT_ALLOWED' | 'FILE.TOO_LARGE' | 'FILE.EMPTY';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Checks a chosen file by name and size, as the server will. */
export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return 'FILE.EXTENSION_NOT_ALLOWED';
  if (file.size > MAX_FILE_BYTES) return 'FILE.TOO_LARGE';
  if (file.size === 0) return 'FILE.EMPTY';
  return null;
}

// The price field reads and writes euros as every money field does.
export { formatEuros, parseEuros } from '../../utils/euros-input';
