import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * client-preloads.json (client/build-tools/route-preloads.ts) names the files each page's HTML asks the
 * browser to fetch beside the shell. A file the build did not write is a 404 and a console error on every
 * visit to that page (the sales pages once named a chunk that Vite had dropped for carrying only CSS).
 */
const DIST = join(__dirname, '../../client/dist');
const PRELOADS = join(DIST, 'client-preloads.json');

interface PagePreloads {
  scripts: string[];
  styles: string[];
}

const describeWithBuild = existsSync(PRELOADS) ? describe : describe.skip;

describeWithBuild("Files named in the pages' HTML (client-preloads.json)", () => {
  const { pages } = JSON.parse(readFileSync(existsSync(PRELOADS) ? PRELOADS : __filename, 'utf8')) as {
    pages: Record<string, PagePreloads>;
  };

  it('names files for the pages with a lazily loaded screen, scripts and stylesheets apart', () => {
    expect(pages['/otsing/:keyWord?']?.scripts.some((f) => /\/SearchPage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(pages['/admin/user/sales']?.styles.some((f) => f.endsWith('.css'))).toBe(true);
    for (const { scripts, styles } of Object.values(pages)) {
      expect(scripts.every((file) => file.endsWith('.js'))).toBe(true);
      expect(styles.every((file) => file.endsWith('.css'))).toBe(true);
    }
  });

  it("names a page's texts in the page's language beside its screen", () => {
    expect(pages['/otsing/:keyWord?']?.scripts.some((f) => /\/search-[\w-]+\.js$/.test(f))).toBe(true);
    expect(pages['/en/document/:slug']?.scripts.some((f) => /\/documents-[\w-]+\.js$/.test(f))).toBe(true);
  });

  it('names only files the build wrote', () => {
    const missing = Object.entries(pages).flatMap(([pattern, { scripts, styles }]) =>
      [...scripts, ...styles]
        .filter((file) => !existsSync(join(DIST, file)))
        .map((file) => `${pattern}: ${file}`),
    );
    expect(missing).toEqual([]);
  });
});
