import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { clientRoutes } from './build-tools/client-routes';
import { compileHints } from './build-tools/compile-hints';
import { precompress } from './build-tools/precompress';
import { routePreloads } from './build-tools/route-preloads';

/**
 * Small modules that the search and document pages share with other screens. Rollup gives each shared
 * module a chunk of its own, about 1 KB each, and a page's files beyond the six HTTP/1.1 connections a
 * browser opens to one server wait for one to free: they share one chunk instead.
 */
const SHARED_CHUNK_MODULES = [
  /\/src\/components\/(LoadError|NotFound|FormattedDate|PreviewImage)\.tsx$/,
  // The data table's styles: the document page's files table wears them too, without a stylesheet of its own.
  /\/src\/components\/data-table\.css$/,
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

/** The server's render of the public pages (src/app/render-page.tsx), for Node (server/src/api/client-app). */
const SSR_ENTRY = 'src/app/render-page.tsx';

/**
 * The server's build: one CommonJS file with everything it imports (React, React Router, …), beside the
 * browser's build and not served: the server loads it with require(), in production images that install
 * only the server's dependencies too.
 */
const serverBuild = {
  ssr: { noExternal: true as const, target: 'node' as const },
  // React and the libraries choose their production code as the browser's build does.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: SSR_ENTRY,
    outDir: 'dist-ssr',
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      output: { format: 'cjs' as const, entryFileNames: 'render-page.cjs', inlineDynamicImports: true },
      onwarn(warning: { code?: string }, warn: (warning: never) => void) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning as never);
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [] : [clientRoutes(), compileHints(), routePreloads(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: { proxy },
  preview: { proxy },
  ...(isSsrBuild
    ? serverBuild
    : {
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // dist/.vite/manifest.json: which chunks each entry and lazy route loads (test/build budget test).
          manifest: true,
          // Terser packs the JavaScript about 3 % tighter than esbuild.
          minify: 'terser' as const,
          // Browsers without <link rel="modulepreload"> (Firefox before 115, Safari before 17) fetch a lazy
          // screen's modules as it imports them; a polyfill in every first load would cost more than it saves.
          modulePreload: { polyfill: false },
          rollupOptions: {
            output: {
              manualChunks: (id: string) =>
                SHARED_CHUNK_MODULES.some((module) => module.test(id)) ? 'shared' : undefined,
            },
            // Libraries mark modules "use client" for React Server Components; a client bundle has no use for it.
            onwarn(warning: { code?: string }, warn: (warning: never) => void) {
              if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning as never);
            },
          },
        },
      }),
  test: {
    environment: 'happy-dom',
    // Scripts the app adds (the tag manager) are not fetched in tests: count them as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    globals: true,
    restoreMocks: true,
    // A test waits up to 5 s for each thing it looks for (src/test/setup.ts); a test of several steps on a
    // busy machine may need more than vitest's default 5 s in all.
    testTimeout: 20_000,
  },
}));
