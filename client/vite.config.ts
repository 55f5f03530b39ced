import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { clientRoutes } from './build-tools/client-routes';
import { compileHints } from './build-tools/compile-hints';
import { pageEntries } from './build-tools/page-entries';
import { precompress } from './build-tools/precompress';
import { renderBlockingEntry } from './build-tools/render-blocking-entry';
import { routePreloads } from './build-tools/route-preloads';

/**
 * Small modules that the search and document pages share with other screens. Rollup gives each shared
 * module a chunk of its own, about 1 KB each, and a page's files beyond the six HTTP/1.1 connections a
 * browser opens to one server wait for one to free. They join the shell's chunk (app/start.tsx) instead:
 * about 1 KB more for every page, and the search and document pages load five files each instead of
 * nine and ten (test/build/bundle-budget.spec.ts).
 */
const SHELL_CHUNK_MODULES = [
  /\/src\/app\/start\.tsx$/,
  /\/src\/components\/(LoadError|NotFound|FormattedDate|PreviewImage)\.tsx$/,
  /\/src\/i18n\/labels\.ts$/,
  /\/@tanstack\/react-query\/build\/modern\/useInfiniteQuery\.js$/,
];

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The API, and the embedded identity provider and dev mailbox the server serves beside it, so with
// PUBLIC_URL set to the dev server's origin the whole sign-in runs on one origin (no CORS).
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/oidc': { target: apiTarget },
  '/dev/mailbox': { target: apiTarget },
};

export default defineConfig({
  plugins: [
    clientRoutes(),
    pageEntries(),
    renderBlockingEntry(),
    compileHints(),
    routePreloads(),
    precompress(),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (test/build budget test).
    manifest: true,
    // Terser packs the JavaScript about 3 % tighter than esbuild: 3 KB of the 100 KB budget.
    minify: 'terser',
    // Browsers without <link rel="modulepreload"> (Firefox before 115, Safari before 17) fetch a lazy
    // screen's modules as it imports them; a polyfill in every first load would cost more than it saves.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks: (id) => (SHELL_CHUNK_MODULES.some((module) => module.test(id)) ? 'start' : undefined),
      },
      // Libraries mark modules "use client" for React Server Components; a client bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  test: {
    environment: 'happy-dom',
    // Scripts the app adds (the tag manager) are not fetched in tests: count them as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    globals: true,
    restoreMocks: true,
  },
});
