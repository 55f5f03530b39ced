import type { Plugin } from 'vite';
import { clientPathPatterns, PUBLIC_PAGES, ROUTES } from '../src/config/route-table';

/** The file the server reads to know the client's pages (server/src/api/client-app). */
export const CLIENT_ROUTES_FILE = 'client-routes.json';

/**
 * Emits client-routes.json: every path pattern of the client's route table, so the server answers a
 * known page 200 and an unknown path 404 from the same table the client routes by; and the named
 * routes, by which the server knows which page a path is (the answers it writes into the page); and the
 * public pages, which the sitemap lists.
 */
export function clientRoutes(): Plugin {
  return {
    name: 'lepinguturg:client-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CLIENT_ROUTES_FILE,
        source: `${JSON.stringify({ patterns: clientPathPatterns(), routes: ROUTES, publicPages: PUBLIC_PAGES }, null, 2)}\n`,
      });
    },
  };
}
