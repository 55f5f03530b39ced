// Installs what is missing and builds what is stale, with nothing but Node's own modules,
// so `npm start` and `npm test` work on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root, streaming its output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(lock)) return;
  console.log('Installing dependencies (npm ci)…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

/** Builds the client (Vite) and the server (tsc) when their sources are newer than their output. */
export function ensureBuilt({ client = true, server = true } = {}) {
  const configs = ['package-lock.json', 'tsconfig.base.json'].map((f) => join(root, f));
  if (client) {
    const sources = [
      'client/src',
      'client/index.html',
      'client/vite.config.ts',
      'client/build-tools',
      'client/tsconfig.json',
    ];
    const newest = Math.max(...[...sources.map((s) => join(root, s)), ...configs].map(newestMtime));
    // The browser's build and the server's render of the public pages (client/dist-ssr), built together.
    const built = Math.min(
      mtime(join(root, 'client/dist/index.html')),
      mtime(join(root, 'client/dist-ssr/render-page.cjs')),
    );
    if (newest > built) {
      console.log('Building the client…');
      run(npm, ['run', 'build', '-w', 'client']);
    }
  }
  if (server) {
    const sources = ['server/src', 'server/tsconfig.json', 'server/tsconfig.build.json'];
    const newest = Math.max(...[...sources.map((s) => join(root, s)), ...configs].map(newestMtime));
    // An incremental tsc leaves unchanged outputs alone, so the build time is kept in a stamp file.
    const stamp = join(root, 'server/dist/.built-at');
    if (newest > mtime(stamp) || !existsSync(join(root, 'server/dist/main.js'))) {
      console.log('Building the server…');
      run(process.execPath, [
        join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        'server/tsconfig.build.json',
      ]);
      writeFileSync(stamp, new Date().toISOString());
    }
  }
}

/** Debian's Chromium (or CHROMIUM_PATH) for the browser journeys; null when there is none. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

/**
 * A command-line tool of the server (`server/dist/<file>`): installs and builds what is missing, runs it with
 * these Node flags and the caller's arguments, and exits with its exit code.
 */
export function runServerTool(file, nodeFlags) {
  ensureInstalled();
  ensureBuilt({ client: false });
  const result = spawnSync(
    process.execPath,
    [...nodeFlags, join(root, 'server/dist', file), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  process.exit(result.status ?? 1);
}
