// `npm test`: every check the project has, on a fresh clone too. Installs what is missing, builds the
// client the browser journeys use, then runs: Prettier, ESLint, TypeScript, dependency rules, the server
// suites (domain, contract suites, API over real HTTP, browser journeys in Chromium) and the client suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, findChromium, root } from './lib/ensure.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'lepinguturg-test-'));
const steps = [];

function step(name, command, args, readCounts) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  const ok = result.status === 0;
  const counts = readCounts?.() ?? null;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000, counts });
}

const jsonCounts = (file) => () => {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  };
};

ensureInstalled();
ensureBuilt({ server: false });
const chromium = findChromium();

step('Prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
step('ESLint', bin('eslint'), ['--max-warnings', '0', '.']);
for (const project of ['server', 'client', 'test', 'bench']) {
  if (existsSync(join(root, project, 'tsconfig.json'))) {
    step(`TypeScript (${project})`, bin('tsc'), ['-p', `${project}/tsconfig.json`, '--noEmit']);
  }
}
// The client's build plugins and Vite configuration run in Node, beside the browser code.
step('TypeScript (client build tools)', bin('tsc'), ['-p', 'client/tsconfig.build-tools.json', '--noEmit']);
step('Dependency rules', bin('depcruise'), [
  'server/src',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);
const jestReport = join(reports, 'jest.json');
step(
  'Server, contract, API and browser suites (jest)',
  bin('jest'),
  ['--maxWorkers=2', '--json', `--outputFile=${jestReport}`],
  jsonCounts(jestReport),
);
const vitestReport = join(reports, 'vitest.json');
step(
  'Client suites (vitest)',
  bin('vitest'),
  ['run', '--root', 'client', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
  jsonCounts(vitestReport),
);
rmSync(reports, { recursive: true, force: true });

console.log('\nSummary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const s of steps) {
  const counts = s.counts
    ? ` — ${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped`
    : '';
  console.log(`  ${s.ok ? '✔' : '✘'} ${s.name} (${s.seconds.toFixed(1)} s)${counts}`);
  if (s.counts) {
    passed += s.counts.passed;
    failed += s.counts.failed;
    skipped += s.counts.skipped;
  }
  if (!s.ok && (!s.counts || s.counts.failed === 0)) failed += 1;
}
if (chromium === null) {
  console.log(
    "  ! Browser journeys were skipped: no Chromium found (install Debian's chromium, or set CHROMIUM_PATH).",
  );
} else {
  console.log(`  Browser journeys ran in ${chromium}.`);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
