import type { Plugin } from 'vite';

/** The module script Vite writes into index.html for its entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src=/g;

/**
 * Marks index.html's script `blocking="render"`: the browser paints the page once the script has run
 * (it renders the app in the same task on the search and document pages), not the empty #root before
 * it. The blank paint helped nobody, and Lighthouse took it for the first paint and counted the whole
 * first render as blocking time after it (docs/decisions/). Browsers without the attribute ignore it.
 * Vite drops attributes it does not know from the source's script tag, so it is added to the output.
 */
export function renderBlockingEntry(): Plugin {
  return {
    name: 'lepinguturg:render-blocking-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(ENTRY_SCRIPT, '<script type="module" crossorigin blocking="render" src='),
    },
  };
}
