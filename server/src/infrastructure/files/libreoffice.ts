import { existsSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileFormat } from '../../domain/catalogue/catalogue-codes';
import type { FileProcessingTools } from './processing-tools';
import { runProgram } from './run-program';

/** A port nothing listens on: any HTTP(S)/FTP request LibreOffice might make fails at once. */
const DEAD_PROXY = { host: '127.0.0.1', port: 9 };

/**
 * The private profile's settings: macros never run, links are not updated on load, no untrusted referer,
 * and every network request goes to a dead proxy. The proxy is what keeps LibreOffice 7.4 from fetching
 * an image a document links to (it does with the default profile; libreoffice.int.spec.ts checks it).
 * With the network namespace of processing-tools.ts these are a second wall; without it, the only one.
 */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'int', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'boolean', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'boolean', 'true'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 'int', '0'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 'int', '0'],
  ['/org.openoffice.Inet/Settings', 'ooInetProxyType', 'int', '2'],
  ['/org.openoffice.Inet/Settings', 'ooInetNoProxy', 'string', ''],
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((scheme) => [
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyName`, 'string', DEAD_PROXY.host],
    ['/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyPort`, 'int', String(DEAD_PROXY.port)],
  ]),
]
  .map(
    ([path, name, type, value]) =>
      `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse" oor:type="xs:${type}"><value>${value}</value></prop></item>`,
  )
  .join('\n')}
</oor:items>
`;

export type ConversionResult =
  { readonly ok: true; readonly pdfPath: string } | { readonly ok: false; readonly reason: string };

/**
 * Converts the document at `input` to PDF with `soffice --headless --convert-to pdf`, inside `workDir`
 * (which the caller removes): a private LibreOffice profile there (so conversions never share an instance
 * or a lock), the input linked in under its format's extension (so LibreOffice picks the right filter
 * whatever the stored name), HOME pointed there too, and the time limit of `tools` for the whole process
 * group. Throws ProgramTimeoutError at the limit.
 */
export async function convertToPdf(
  input: string,
  format: FileFormat,
  workDir: string,
  tools: FileProcessingTools & { soffice: string },
): Promise<ConversionResult> {
  const profile = join(workDir, 'profile');
  const outDir = join(workDir, 'out');
  await mkdir(join(profile, 'user'), { recursive: true });
  await mkdir(outDir);
  await writeFile(join(profile, 'user', 'registrymodifications.xcu'), REGISTRY);
  const linked = join(workDir, `document.${format}`);
  await symlink(input, linked);
  const sandbox = tools.networkSandbox ?? [];
  const command = [
    ...sandbox,
    tools.soffice,
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--headless',
    '--invisible',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    '--norestore',
    '--convert-to',
    'pdf:writer_pdf_Export',
    '--outdir',
    outDir,
    linked,
  ];
  const proxy = `http://${DEAD_PROXY.host}:${DEAD_PROXY.port}`;
  const output = await runProgram(command[0]!, command.slice(1), {
    timeLimitMs: tools.timeLimitMs,
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: workDir,
      TMPDIR: workDir,
      LANG: 'C.UTF-8',
      SAL_USE_VCLPLUGIN: 'svp',
      http_proxy: proxy,
      https_proxy: proxy,
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      no_proxy: '',
    },
  });
  const pdfPath = join(outDir, 'document.pdf');
  if (output.exitCode === 0 && existsSync(pdfPath)) return { ok: true, pdfPath };
  const detail = (output.stderr || output.stdout).trim().split('\n').slice(-2).join(' ').slice(0, 300);
  return {
    ok: false,
    reason: `LibreOffice could not read the file (exit code ${output.exitCode ?? output.signal}${detail ? `: ${detail}` : ''}).`,
  };
}
