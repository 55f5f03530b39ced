import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../../client/build-tools/compile-hints';
import { SCREEN_TEXT_AREAS } from '../../client/src/app/screen-texts';

/**
 * The JavaScript a first visit to a page downloads before the page is the app's (hydrated), measured
 * gzipped from the client build's manifest (client/vite.config.ts: build.manifest): index.html's entry
 * with its static imports, the page's lazily loaded screen with its static imports, and the text areas
 * the screen loads (client/src/app/screen-texts.ts) in one language, the heavier of the two. Issue 26
 * sets the budget: 150 KB on the home, search and document pages
 * (docs/decisions/react-and-pages-rendered-on-the-server.md).
 */
const BUDGET_KB = 150;

const DIST = join(__dirname, '../../client/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages the issue measures, by the source file and export router.tsx loads lazily. The home page
 * is part of the shell's own chunk (most visits start there; it is tiny), its texts are the shell's.
 */
const PAGES = {
  home: null,
  search: { source: 'src/features/search/components/SearchPage.tsx', screen: 'SearchPage' },
  document: { source: 'src/features/documents/components/DocumentPage.tsx', screen: 'DocumentPage' },
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
  const entryKey = Object.keys(manifest).find((key) => key === 'index.html' && manifest[key]?.isEntry);
  const shell = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
  const languages = [
    ...new Set(
      Object.keys(manifest).flatMap((key) => /^src\/i18n\/locales\/([a-z]+)\//.exec(key)?.[1] ?? []),
    ),
  ];

  /** Everything the page needs in a language: the shell, its screen with what that imports, its texts. */
  function pageFiles(page: keyof typeof PAGES, language: string): Set<string> {
    const files = new Set(shell);
    const lazy = PAGES[page];
    if (!lazy) return files;
    staticClosure(manifest, lazy.source, files);
    for (const area of SCREEN_TEXT_AREAS[lazy.screen]) {
      staticClosure(manifest, `src/i18n/locales/${language}/${area}.json`, files);
    }
    return files;
  }

  it('has index.html as its one entry; the pages and their texts are lazy chunks beside the shell', () => {
    expect(entryKey).toBeDefined();
    expect(Object.values(manifest).filter((chunk) => chunk.isEntry)).toHaveLength(1);
    expect(languages.sort()).toEqual(['en', 'et']);
    for (const page of Object.values(PAGES)) {
      if (!page) continue;
      expect(manifest[page.source]?.isDynamicEntry).toBe(true);
      expect(shell.has(manifest[page.source]!.file)).toBe(false);
    }
    expect(shell.has(manifest['src/i18n/locales/en/search.json']!.file)).toBe(false);
  });

  /**
   * The pages come rendered from the server: their first paint waits for their stylesheets alone (the
   * shell's and the screen's, which the server applies). index.html's script is a module, which the
   * browser runs after the page is parsed, and nothing marks it as blocking the render.
   */
  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    'the %s page paints after at most three stylesheets, and no script blocks it',
    (page) => {
      const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
      for (const language of languages) {
        const styles = new Set([...pageFiles(page, language)].flatMap((file) => byFile.get(file)?.css ?? []));
        expect(styles.size).toBeGreaterThan(0);
        expect(styles.size).toBeLessThanOrEqual(3);
      }
      const index = readFileSync(join(DIST, 'index.html'), 'utf8');
      const scripts = [...index.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/type="module"/);
      expect(scripts[0]).not.toMatch(/blocking=/);
    },
  );

  /**
   * V8 compiles a file marked on its first line as it streams it, not function by function on the main
   * thread while the page hydrates (client/build-tools/compile-hints.ts); a chunk loaded later is not.
   */
  it("marks the scripts of the pages' hydration for eager compiling, and only those", () => {
    const firstLine = (file: string) => readFileSync(join(DIST, file), 'utf8').split('\n', 1)[0];
    const hydration = new Set([...shell]);
    for (const page of Object.values(PAGES)) if (page) staticClosure(manifest, page.source, hydration);
    expect(hydration.size).toBeGreaterThan(3);
    for (const file of hydration) expect([file, firstLine(file)]).toEqual([file, COMPILE_HINT]);
    const texts = Object.entries(manifest)
      .filter(([key]) => key.startsWith('src/i18n/locales/'))
      .map(([, chunk]) => chunk.file);
    expect(texts.length).toBeGreaterThan(10);
    for (const file of texts) expect([file, firstLine(file)]).not.toEqual([file, COMPILE_HINT]);
    const admin = manifest['src/features/admin-users/components/AdminUsersPage.tsx']!.file;
    expect(firstLine(admin)).not.toBe(COMPILE_HINT);
  });

  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    `the %s page loads at most ${BUDGET_KB} KB of JavaScript first, in each language`,
    (page) => {
      for (const language of languages) {
        const kb = sumKb(pageFiles(page, language));
        const own = kb - sumKb(shell);
        console.log(
          `initial JavaScript of ${page} (${language}): ${kb.toFixed(1)} KB gzipped (${own.toFixed(1)} KB beyond the shell's ${sumKb(shell).toFixed(1)} KB)`,
        );
        expect(kb).toBeLessThanOrEqual(BUDGET_KB);
      }
    },
  );
});
