import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { PUBLIC_PAGE_SCREENS } from '../src/app/route-screens';

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment), on a file's first
 * line: compile every function of the file as the file arrives, on the thread that streams it, not
 * each one on the page's main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The entry (index.html's script), the chunks of the public pages' screens (the pages most visits start
 * on, which the browser hydrates at once) and every chunk they import, transitively.
 */
function firstRenderChunks(bundle: OutputBundle): OutputChunk[] {
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk') continue;
    const publicScreen =
      file.isDynamicEntry && PUBLIC_PAGE_SCREENS.some((screen) => file.exports.includes(screen));
    if (file.isEntry || publicScreen) visit(file);
  }
  return [...found.values()];
}

/**
 * Marks the code of a first visit's hydration with COMPILE_HINT: the entry and the public pages' screens
 * and the chunks they import (test/build/bundle-budget.spec.ts checks). Nearly all of it runs when the
 * page hydrates, where compiling function by function took about a third of the script's time in the
 * task that rendered the search page (docs/decisions/). Chunks loaded later (other screens, texts, the
 * charts) are compiled as their functions are called.
 *
 * After Vite's own generateBundle and the minifier: the minifier drops comments, and Vite writes its
 * preload map at the top of a chunk. The file names keep their hashes, which the added line does not
 * change the meaning of; source maps, where a build writes them, are moved down a line with the code.
 */
export function compileHints(): Plugin {
  return {
    name: 'lepinguturg:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of firstRenderChunks(bundle)) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // A source map's lines start one later: an empty line of mappings first.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const parsed = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
