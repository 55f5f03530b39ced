// The server's render of pages for the client tests (src/app/hydration.test.tsx), in a process of its own:
// the server's React and React Router must not share their contexts with the browser's that the test
// hydrates with, as they never do outside a test. Vite loads the app's sources for Node (its SSR loader),
// so the test renders what the sources say now, not an earlier build.
// Reads a JSON list of page requests on stdin, writes the rendered pages as JSON on stdout.
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const server = await createServer({
  root,
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderPage } = await server.ssrLoadModule('/src/app/render-page.tsx');
  // A server renders pages long after it loaded the app's modules: anything dated when they loaded
  // (a query's answer counted as fetched then, and so stale now) must not change what a page shows.
  const loadedAt = Date.now();
  Date.now = () => loadedAt + 10 * 60_000;
  const pages = [];
  for (const request of requests) {
    const page = await renderPage(request);
    if (page?.kind !== 'page') {
      pages.push(page);
      continue;
    }
    let html = '';
    await new Promise((resolve) =>
      page.pipe(
        new Writable({
          write(chunk, _encoding, done) {
            html += chunk.toString();
            done();
          },
          final(done) {
            resolve();
            done();
          },
        }),
      ),
    );
    pages.push({ kind: 'page', status: page.status, language: page.language, head: page.head, html });
  }
  process.stdout.write(JSON.stringify(pages));
} finally {
  await server.close();
}
