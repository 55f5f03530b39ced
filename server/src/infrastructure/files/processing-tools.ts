import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The external programs file processing may use; null where a program is absent or turned off. */
export interface FileProcessingTools {
  readonly soffice: string | null;
  readonly pdftoppm: string | null;
  readonly pdfinfo: string | null;
  /** Every external program (and the pdf.js fallback) is killed after this long. */
  readonly timeLimitMs: number;
  /**
   * Command prefix that runs LibreOffice without a network (a new, empty network namespace:
   * `unshare --map-root-user --net`), or empty where the kernel does not allow it; LibreOffice's own
   * settings keep it offline either way (libreoffice.ts). Absent: no namespace.
   */
  readonly networkSandbox?: readonly string[];
}

export const DEFAULT_TIME_LIMIT_SECONDS = 120;
const OFF = new Set(['off', 'none', 'false', '0', '']);
const DEBIAN_LOCATIONS: Record<'soffice' | 'pdftoppm' | 'pdfinfo', readonly string[]> = {
  soffice: ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'],
  pdftoppm: ['/usr/bin/pdftoppm'],
  pdfinfo: ['/usr/bin/pdfinfo'],
};

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findProgram(
  name: 'soffice' | 'pdftoppm' | 'pdfinfo',
  configured: string | undefined,
  path: string | undefined,
): string | null {
  if (configured !== undefined) {
    const value = configured.trim();
    if (OFF.has(value.toLowerCase())) return null;
    return isExecutable(value) ? value : null;
  }
  const onPath = (path ?? '')
    .split(delimiter)
    .filter((dir) => dir.length > 0)
    .map((dir) => join(dir, name));
  return [...DEBIAN_LOCATIONS[name], ...onPath].find(isExecutable) ?? null;
}

function detectNetworkSandbox(setting: string | undefined): readonly string[] {
  if (setting !== undefined && OFF.has(setting.trim().toLowerCase())) return [];
  const prefix = ['unshare', '--map-root-user', '--net'];
  const probe = spawnSync(prefix[0]!, [...prefix.slice(1), 'true'], { stdio: 'ignore', timeout: 5000 });
  return probe.status === 0 ? prefix : [];
}

/**
 * Finds Debian's binaries (libreoffice-writer-nogui's `soffice`, poppler-utils' `pdftoppm` and `pdfinfo`),
 * in their Debian locations or on PATH. Environment variables (README, docs/decisions/):
 * - `SOFFICE_PATH`, `PDFTOPPM_PATH`, `PDFINFO_PATH`: a path to use instead, or `off` to go without
 *   (the fallbacks of file-processor.ts then apply);
 * - `FILE_PROCESSING_TIME_LIMIT_SECONDS`: time limit per program (default 120);
 * - `FILE_PROCESSING_NETWORK_SANDBOX`: `off` to run LibreOffice without the network namespace.
 */
export function detectFileProcessingTools(env: NodeJS.ProcessEnv = process.env): FileProcessingTools {
  const seconds = Number(env.FILE_PROCESSING_TIME_LIMIT_SECONDS ?? DEFAULT_TIME_LIMIT_SECONDS);
  const soffice = findProgram('soffice', env.SOFFICE_PATH, env.PATH);
  let sandbox: readonly string[] | undefined;
  return {
    soffice,
    pdftoppm: findProgram('pdftoppm', env.PDFTOPPM_PATH, env.PATH),
    pdfinfo: findProgram('pdfinfo', env.PDFINFO_PATH, env.PATH),
    timeLimitMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIME_LIMIT_SECONDS) * 1000,
    // Probed at the first conversion, not at start: starting `unshare` is a process spawn that held a
    // starting server for 50–700 ms on a busy machine (docs/decisions/a-lean-server-process.md).
    get networkSandbox(): readonly string[] {
      sandbox ??= soffice === null ? [] : detectNetworkSandbox(env.FILE_PROCESSING_NETWORK_SANDBOX);
      return sandbox;
    },
  };
}
