import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit to a page downloads before it shows anything, measured gzipped from
 * the client build's manifest (client/vite.config.ts: build.manifest): the entry with its static
 * imports, plus the page's own lazy chunk with its static imports.
 *
 * SHELL_BUDGET_KB is what the shell costs with React 19 (react-dom alone is about 65 KB gzipped),
 * react-router, React Query and i18next: the 100 KB is out of reach with these libraries
 * (docs/decisions.md, 2026-07 "Initial JavaScript budget"); the budget stops it growing. A page's own
 * code must stay small on top of it: PAGE_BUDGET_KB.
 */
const SHELL_BUDGET_KB = 160;
const PAGE_BUDGET_KB = 25;

const DIST = join(__dirname, '../../client/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The screens whose first load the issue measures, by the source file router.tsx loads lazily. The
 * home page is part of the shell's own chunk (most visits start there; it is tiny): the shell's
 * budget is its budget.
 */
const PAGES = {
  search: 'src/features/search/components/SearchPage.tsx',
  document: 'src/features/documents/components/DocumentPage.tsx',
} as const;

const gzippedKb = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;

/** A chunk's file and every file it imports statically, transitively (what the browser must load). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const sumKb = (files: Iterable<string>) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((kb, f) => kb + gzippedKb(f), 0);

const describeWithBuild = existsSync(MANIFEST) ? describe : describe.skip;

describeWithBuild('Initial JavaScript per page (client build manifest, gzipped)', () => {
  const manifest = JSON.parse(readFileSync(existsSync(MANIFEST) ? MANIFEST : __filename, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const shell = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();

  it('has one entry, and the pages are lazy chunks of it', () => {
    expect(entryKey).toBeDefined();
    for (const source of Object.values(PAGES)) {
      expect(manifest[entryKey!]?.dynamicImports).toContain(source);
      expect(shell.has(manifest[source]!.file)).toBe(false);
    }
  });

  it(`the shell with the home page stays within ${SHELL_BUDGET_KB} KB`, () => {
    const kb = sumKb(shell);
    console.log(`initial JavaScript of the shell and the home page: ${kb.toFixed(1)} KB gzipped`);
    expect(kb).toBeLessThanOrEqual(SHELL_BUDGET_KB);
  });

  it.each(Object.entries(PAGES))(
    `the %s page adds at most ${PAGE_BUDGET_KB} KB to the shell`,
    (name, source) => {
      const page = staticClosure(manifest, source);
      const own = [...page].filter((file) => !shell.has(file));
      const ownKb = sumKb(own);
      console.log(
        `initial JavaScript of ${name}: ${(sumKb(shell) + ownKb).toFixed(1)} KB gzipped (${ownKb.toFixed(1)} KB its own)`,
      );
      expect(ownKb).toBeLessThanOrEqual(PAGE_BUDGET_KB);
    },
  );
});
