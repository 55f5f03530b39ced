import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// SaxonJS ships no types; the one call used here is typed below.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SaxonJS = require('saxon-js') as {
  transform(
    options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
};

const ROOT = join(__dirname, '..', '..');
const XSLT = join(ROOT, 'test', 'fixtures', 'en16931', 'EN16931-UBL-validation.xslt');

/** One broken rule of the EN 16931 schematron (e.g. BR-CO-16), with its text and where it broke. */
export interface SchematronFailure {
  readonly id: string;
  readonly flag: string;
  readonly location: string;
  readonly text: string;
}

let compiled: string | null = null;

/**
 * The official schematron compiled to SaxonJS's SEF, once per machine (keyed by the XSLT's hash, in the
 * system's temporary folder): about 15 seconds with the `xslt3` package, no Java and no network.
 */
function stylesheet(): string {
  if (compiled) return compiled;
  const hash = createHash('sha256').update(readFileSync(XSLT)).digest('hex').slice(0, 16);
  const sef = join(tmpdir(), `lepinguturg-en16931-${hash}.sef.json`);
  if (!existsSync(sef)) {
    const partial = `${sef}.${process.pid}.tmp`;
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'xslt3', 'xslt3.js'), `-xsl:${XSLT}`, `-export:${partial}`, '-nogo'],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`xslt3 could not compile the schematron: ${result.stderr}`);
    renameSync(partial, sef);
  }
  compiled = sef;
  return sef;
}

const decode = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Compiles the schematron now (call it in a beforeAll with a long timeout: the first run takes seconds). */
export function prepareEn16931(): void {
  stylesheet();
}

/** Runs the EN 16931 UBL schematron over a document; answers every failed assert (fatal and warnings). */
export function validateEn16931(xml: string): SchematronFailure[] {
  const { principalResult } = SaxonJS.transform(
    { stylesheetFileName: stylesheet(), sourceText: xml, destination: 'serialized' },
    'sync',
  );
  const failures: SchematronFailure[] = [];
  for (const match of principalResult.matchAll(
    /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
  )) {
    const attributes = match[1] ?? '';
    const attribute = (name: string) => decode(new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const text = decode(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '').trim();
    failures.push({ id: attribute('id'), flag: attribute('flag'), location: attribute('location'), text });
  }
  return failures;
}

/** The fatal failures only: a valid EN 16931 document has none. */
export function fatalEn16931Failures(xml: string): SchematronFailure[] {
  return validateEn16931(xml).filter((f) => f.flag === 'fatal');
}
