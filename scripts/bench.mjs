// `npm run bench [-- --quick] [-- --only=event-store,rebuild,search]`
// Compiles bench/ (and the server sources it imports) to bench/dist, then runs it with node.
// stdout: one JSON object per line (the figures); stderr: compiler output and progress.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BATCH_NODE_FLAGS, SERVER_NODE_FLAGS } from './lib/node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'bench', 'dist');

function run(command, args) {
  // The bench runs rebuilds in its own process (as the projections CLI does) and starts the server in
  // processes of its own with the server's flags.
  const env = { ...process.env, BENCH_SERVER_PROCESS_FLAGS: SERVER_NODE_FLAGS.join(' ') };
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

process.stderr.write('[bench] compiling bench/ with tsc\n');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', 'bench/tsconfig.json'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (compiled.status !== 0) {
  // tsc reports errors on stdout; keep stdout for figures and show them on stderr.
  process.stderr.write(compiled.stdout ?? '');
  process.stderr.write('[bench] compilation failed\n');
  process.exit(compiled.status ?? 1);
}

// The compiled server sources sit in bench/dist/server/src; let them find the server workspace's own
// node_modules (e.g. its uuid and @fastify/static) exactly as server/src does.
const serverModules = join(dist, 'server', 'node_modules');
if (!existsSync(serverModules) && !isSymlink(serverModules)) {
  mkdirSync(dirname(serverModules), { recursive: true });
  symlinkSync(relative(dirname(serverModules), join(root, 'server', 'node_modules')), serverModules, 'dir');
}

const code = run(process.execPath, [
  ...BATCH_NODE_FLAGS,
  join(dist, 'bench', 'main.js'),
  ...process.argv.slice(2),
]);
process.exit(code);

function isSymlink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
