import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { clientRoutes } from './build-tools/client-routes';
import { precompress } from './build-tools/precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The API, and the embedded identity provider and dev mailbox the server serves beside it, so with
// PUBLIC_URL set to the dev server's origin the whole sign-in runs on one origin (no CORS).
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/oidc': { target: apiTarget },
  '/dev/mailbox': { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), clientRoutes(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (test/build budget test).
    manifest: true,
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
