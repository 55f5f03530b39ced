import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../../client/build-tools/compile-hints';
import { SCREEN_TEXT_AREAS } from '../../client/src/app/screen-texts';

/**
 * The JavaScript a first visit to a page downloads before it shows the page, measured gzipped from the
 * client build's manifest (client/vite.config.ts: build.manifest): the entry with its static imports,
 * the page's own lazy chunk with its static imports, and the text areas the page loads with it
 * (client/src/app/screen-texts.ts) in one language, the heavier of the two. Issue 11 sets the budget:
 * 100 KB on the home, search and document pages (docs/decisions/preact-runs-the-client.md).
 */
const BUDGET_KB = 100;

const DIST = join(__dirname, '../../client/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages the issue measures, by the source file and export router.tsx loads lazily. The home page
 * is part of the shell's own chunk (most visits start there; it is tiny), its texts are the shell's.
 * The search and document pages run a script of their own per language (client/build-tools/
 * page-entries.ts), which imports the shell and the screen and carries the screen's texts.
 */
const PAGES = {
  home: null,
  search: { source: 'src/features/search/components/SearchPage.tsx', screen: 'SearchPage' },
  document: { source: 'src/features/documents/components/DocumentPage.tsx', screen: 'DocumentPage' },
} as const;

/** The first text of an area file (locales/<language>/<area>.json). */
function firstText(file: string): string {
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  while (typeof node === 'object' && node !== null) node = Object.values(node)[0];
  return String(node);
}

/** The manifest's key of a page's own script in a language. */
const pageEntryKey = (screen: string, language: string) => `virtual:lepinguturg-page/${screen}/${language}`;

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

  /** Everything the page needs in a language: the shell, and its own script with what that imports. */
  function pageFiles(page: keyof typeof PAGES, language: string): Set<string> {
    const files = new Set(shell);
    const lazy = PAGES[page];
    if (!lazy) return files;
    // The page's own script imports the screen and carries its texts.
    staticClosure(manifest, pageEntryKey(lazy.screen, language), files);
    return files;
  }

  it("has index.html's entry, a page's own per language, the pages are lazy chunks of the shell, and their texts too", () => {
    expect(entryKey).toBeDefined();
    expect(languages.sort()).toEqual(['en', 'et']);
    for (const page of Object.values(PAGES)) {
      if (!page) continue;
      expect(shell.has(manifest[page.source]!.file)).toBe(false);
      for (const language of languages) {
        const own = manifest[pageEntryKey(page.screen, language)];
        expect(own?.isEntry).toBe(true);
        expect(own?.imports).toContain(page.source);
        // It carries the screen's texts in its language instead of importing their chunks.
        const code = readFileSync(join(DIST, own!.file), 'utf8');
        for (const area of SCREEN_TEXT_AREAS[page.screen]) {
          expect(own?.imports).not.toContain(`src/i18n/locales/${language}/${area}.json`);
          expect(code).toContain(
            firstText(join(__dirname, `../../client/src/i18n/locales/${language}/${area}.json`)),
          );
        }
      }
    }
    expect(Object.values(manifest).some((chunk) => chunk.dynamicImports?.includes(PAGES.search.source))).toBe(
      true,
    );
    expect(
      Object.values(manifest).some((chunk) =>
        chunk.dynamicImports?.includes('src/i18n/locales/en/search.json'),
      ),
    ).toBe(true);
    expect(shell.has(manifest['src/i18n/locales/en/search.json']!.file)).toBe(false);
  });

  /**
   * A browser opens at most six HTTP/1.1 connections to a server, and a page's files beyond six wait for
   * one to free: a round trip more before the page shows. Small modules the pages share with other
   * screens join the shell's chunk for this (client/vite.config.ts, SHELL_CHUNK_MODULES).
   */
  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    'the %s page needs at most six files of script and style before it shows, in each language',
    (page) => {
      const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
      for (const language of languages) {
        const scripts = pageFiles(page, language);
        const styles = new Set([...scripts].flatMap((file) => byFile.get(file)?.css ?? []));
        expect(styles.size).toBeGreaterThan(0);
        expect([...scripts, ...styles].length).toBeLessThanOrEqual(6);
      }
    },
  );

  /**
   * V8 compiles a file marked on its first line as it streams it, not function by function on the main
   * thread in the first render (client/build-tools/compile-hints.ts); a chunk loaded later is not marked.
   */
  it("marks the scripts of the pages' first render for eager compiling, and only those", () => {
    const firstLine = (file: string) => readFileSync(join(DIST, file), 'utf8').split('\n', 1)[0];
    const firstRender = new Set(
      (Object.keys(PAGES) as (keyof typeof PAGES)[]).flatMap((page) =>
        languages.flatMap((language) => [...pageFiles(page, language)]),
      ),
    );
    expect(firstRender.size).toBeGreaterThan(3);
    for (const file of firstRender) expect([file, firstLine(file)]).toEqual([file, COMPILE_HINT]);
    const later = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !firstRender.has(file));
    expect(later.length).toBeGreaterThan(10);
    for (const file of later) expect([file, firstLine(file)]).not.toEqual([file, COMPILE_HINT]);
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
