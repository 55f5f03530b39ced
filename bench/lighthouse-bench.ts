import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config/app-config';
import { createApp } from '../server/src/create-app';
import { DemoHistorySeeder } from '../server/src/seed/demo-history-seeder';
import { freePort } from '../test/support/test-server';
import { note, printLine, round } from './support/report';

// Compiled to bench/dist/bench/ (scripts/bench.mjs): the repository is three folders up.
const ROOT = join(__dirname, '..', '..', '..');
const CLIENT_DIST = join(ROOT, 'client', 'dist');
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');

/** Debian's Chromium (CHROMIUM_PATH wins), as the browser journeys use it. */
function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path !== undefined && existsSync(path)) ?? null;
}

/** The flags this machine needs (test/e2e/support/browser.ts), with the new headless mode. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export type LighthousePreset = 'mobile' | 'desktop';

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  /** Lighthouse's CPU benchmark of the machine during the run (higher is faster). */
  environment?: { benchmarkIndex?: number };
}

/** Runs the lighthouse CLI (the npm package, 12.8) on one URL; resolves with its JSON report. */
function runLighthouse(url: string, preset: LighthousePreset, chromePath: string): Promise<LighthouseReport> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  return new Promise((resolve, reject) => {
    // Asynchronous: the server under test runs in this very process and must keep answering.
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`lighthouse exited with ${code}: ${stderr.slice(-2000)}`));
      else resolve(JSON.parse(stdout) as LighthouseReport);
    });
  });
}

/**
 * Lighthouse on a loaded machine sometimes loses the page load's trace (NO_NAVSTART, NO_FCP): such a
 * run measured nothing, so it is run again, up to three times in all.
 */
async function runLighthouseRetrying(
  url: string,
  preset: LighthousePreset,
  chromePath: string,
): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, preset, chromePath);
    } catch (error) {
      const lostTrace = /NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error));
      if (!lostTrace || attempt === 3) throw error;
      note(`lighthouse: ${url} (${preset}) lost its trace, running again`);
    }
  }
}

const score = (report: LighthouseReport, category: string) => {
  const value = report.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};
const metric = (report: LighthouseReport, audit: string, digits = 0) => {
  const value = report.audits[audit]?.numericValue;
  return value === undefined ? null : round(value, digits);
};

/**
 * How often each page is measured with a preset (LIGHTHOUSE_RUNS overrides the mobile count). One
 * run's score moves by ten points or more on this machine from one minute to the next (its CPU
 * benchmark index with it), so the mobile figure is the median of five, as Lighthouse's own advice on
 * variability has it (docs/variability.md: "run Lighthouse multiple times"); desktop, with no CPU
 * slowdown, barely moves.
 */
const RUNS: Record<LighthousePreset, number> = {
  mobile: Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5),
  desktop: 1,
};

/** The run with the median performance score (the lower middle of an even count). */
function medianRun(reports: readonly LighthouseReport[]): LighthouseReport {
  const ranked = [...reports].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0));
  const median = ranked[Math.floor((ranked.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to take the median of');
  return median;
}

/**
 * Lighthouse 12.8 on the built client served by the real server (embedded profile, demo catalogue):
 * home, search and a document page, with the mobile (default) and the desktop preset. One line each
 * with the four category scores (0–100) and LCP, CLS and TBT of the median run (RUNS), and every
 * run's performance score.
 */
export async function runLighthouseBench(dir: string): Promise<void> {
  const chromePath = chromiumPath();
  if (!chromePath) {
    note('lighthouse: skipped, no Chromium (install Debian’s chromium or set CHROMIUM_PATH)');
    return;
  }
  if (!existsSync(join(CLIENT_DIST, 'index.html'))) {
    note('lighthouse: skipped, no client build (npm run build -w client)');
    return;
  }
  note('lighthouse: starting the server with the demo catalogue');
  // The port is chosen first: the public address names it, and the demo history pays through the test
  // gateway at that address (on a port of its own the server's address would be the default :3000).
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO_DATA: 'true',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    CLIENT_DIST_DIR: CLIENT_DIST,
  });
  // The demo catalogue's documents publish in the background: measure once they are all there.
  const app = await createApp(config, { logger: ['error'], awaitDemoCatalogue: true });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    // The demo sales history is paid in the background once the server listens: measure after it.
    await app.get(DemoHistorySeeder).settled();
    const base = `http://127.0.0.1:${port}`;
    const catalogue = (await (await fetch(`${base}/api/documents?limit=1`)).json()) as {
      items: { slug: string }[];
    };
    const slug = catalogue.items[0]?.slug;
    if (!slug) throw new Error('the demo catalogue has no published document');
    const pages = { home: '/', search: '/otsing', document: `/dokument/${slug}` };

    for (const preset of ['mobile', 'desktop'] as const) {
      for (const [page, path] of Object.entries(pages)) {
        const reports: LighthouseReport[] = [];
        for (let run = 1; run <= RUNS[preset]; run++) {
          note(`lighthouse: ${page} (${preset}, run ${run} of ${RUNS[preset]})`);
          reports.push(await runLighthouseRetrying(`${base}${path}`, preset, chromePath));
        }
        const report = medianRun(reports);
        printLine({
          bench: 'lighthouse',
          page,
          path,
          preset,
          runs: reports.length,
          performanceRuns: reports.map((run) => score(run, 'performance')),
          cpuBenchmarkIndex: reports.map((run) => round(run.environment?.benchmarkIndex ?? 0)),
          performance: score(report, 'performance'),
          accessibility: score(report, 'accessibility'),
          bestPractices: score(report, 'best-practices'),
          seo: score(report, 'seo'),
          lcpMs: metric(report, 'largest-contentful-paint'),
          cls: metric(report, 'cumulative-layout-shift', 3),
          tbtMs: metric(report, 'total-blocking-time'),
          fcpMs: metric(report, 'first-contentful-paint'),
        });
      }
    }
  } finally {
    await app.close();
  }
}
