import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { ROUTE_SCREENS } from '../src/app/route-screens';
import { SCREEN_TEXT_AREAS } from '../src/app/screen-texts';
import { ROUTES } from '../src/config/route-table';

/** The file the server reads to name a page's files in its HTML (server/src/api/client-app). */
export const CLIENT_PRELOADS_FILE = 'client-preloads.json';

/** What a page's first visit loads beyond the shell, as paths under the site's root. */
export interface PagePreloads {
  /** The screen's chunk, the chunks it imports and its texts' chunks in the path's language. */
  readonly scripts: readonly string[];
  /** The stylesheets those chunks bring. */
  readonly styles: readonly string[];
}

/** The client's languages (src/i18n), which the build tools cannot import with i18next. */
export const LANGUAGES = ['et', 'en'] as const;

/** A chunk and every chunk it imports statically, transitively, with the CSS they bring. */
function closure(bundle: OutputBundle, chunk: OutputChunk, scripts: Set<string>, styles: Set<string>): void {
  if (scripts.has(chunk.fileName)) return;
  scripts.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') closure(bundle, next, scripts, styles);
  }
}

/**
 * Emits client-preloads.json: for every localized path pattern of a route with a lazily loaded screen
 * (app/route-screens.ts), the files that screen loads beyond the shell — its chunk (found by the name it
 * exports), the chunks it imports, its text areas' chunks in that path's language (app/screen-texts.ts)
 * and their stylesheets. The server names them in that page's HTML (`<link rel="modulepreload">`), so the
 * browser fetches them beside the shell's script instead of after running it. A screen the bundle does
 * not export, or a text area without its chunk, fails the build.
 */
export function routePreloads(): Plugin {
  return {
    name: 'lepinguturg:route-preloads',
    apply: 'build',
    // After Vite's own generateBundle, which drops the chunks that only carried CSS (their stylesheets
    // move to the chunks importing them): a page must not name a script the build does not write.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) this.error("the build has no entry chunk for index.html's script");
        const shellScripts = new Set<string>();
        const shellStyles = new Set<string>();
        closure(bundle, entry, shellScripts, shellStyles);
        const screenChunk = (screen: string) => {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.exports.includes(screen));
          if (!chunk) this.error(`no lazily loaded chunk exports the screen ${screen}`);
          return chunk;
        };
        const areaChunk = (language: string, area: string) => {
          const chunk = chunks.find((c) =>
            c.facadeModuleId?.endsWith(`/src/i18n/locales/${language}/${area}.json`),
          );
          if (!chunk) this.error(`the text area ${area} (${language}) has no chunk of its own`);
          return chunk;
        };

        const pages: Record<string, PagePreloads> = {};
        for (const [route, screen] of Object.entries(ROUTE_SCREENS)) {
          for (const language of LANGUAGES) {
            const scripts = new Set<string>();
            const styles = new Set<string>();
            closure(bundle, screenChunk(screen), scripts, styles);
            for (const area of SCREEN_TEXT_AREAS[screen])
              closure(bundle, areaChunk(language, area), scripts, styles);
            const pattern = ROUTES[route as keyof typeof ROUTES][language];
            pages[pattern] = {
              scripts: [...scripts].filter((file) => !shellScripts.has(file)).map((file) => `/${file}`),
              styles: [...styles].filter((file) => !shellStyles.has(file)).map((file) => `/${file}`),
            };
          }
        }
        this.emitFile({
          type: 'asset',
          fileName: CLIENT_PRELOADS_FILE,
          source: `${JSON.stringify({ pages }, null, 2)}\n`,
        });
      },
    },
  };
}
