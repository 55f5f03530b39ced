import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '../../server/src/config/app-config';
import { createApp } from '../../server/src/create-app';
import type { Clock } from '../../server/src/infrastructure/clock/clock';
import { freePort } from './free-port';
import { copySeedTemplate } from './seed-template';
import { DemoHistorySeeder } from '../../server/src/seed/demo-history-seeder';
import type { ThrottleLimits } from '../../server/src/infrastructure/identity/embedded/sign-in-limits';

export interface TestServer {
  readonly app: NestFastifyApplication;
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly dataDir: string;
  /** Stops the server; removes the data folder unless `keepData`. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface TestServerOptions {
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  /** Reuse a data folder (e.g. to restart on the same SQLite file). */
  readonly dataDir?: string;
  readonly seed?: boolean;
  /**
   * Keep the sign-in pages' per-network limits and the anonymous write limit as in production. By default
   * a test server relaxes them: every simulated person of a suite comes from 127.0.0.1, which production
   * would count as one client.
   */
  readonly productionLimits?: boolean;
  /** Runs once the app is built, before it listens (to check what a start does before it answers). */
  readonly beforeListen?: (app: NestFastifyApplication) => Promise<void>;
}

/** What a test server allows one network (127.0.0.1, where every test person comes from). */
export const SHARED_TEST_NETWORK_LIMITS: Partial<ThrottleLimits> = {
  networkFreeFailures: 1_000,
  mailPerNetwork: { capacity: 10_000, refillMs: 1 },
  smsPerNetwork: { capacity: 10_000, refillMs: 1 },
};

export { freePort } from './free-port';

/**
 * The real server on the embedded profile: a fresh SQLite file in a temporary folder (a copy of the demo
 * catalogue seeded once per run, unless `seed: false`), real HTTP on 127.0.0.1 and a free port, the built
 * client if client/dist exists.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lepinguturg-test-'));
  // The demo catalogue seeded once for this jest run (global-setup.ts) goes into a new data folder;
  // without it, the server seeds it itself. A folder that has data (a restart) is used as it is.
  if (options.seed !== false && !existsSync(join(dataDir, 'lepinguturg.sqlite'))) copySeedTemplate(dataDir);
  // The port is chosen first: the embedded identity provider's issuer URL contains it.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: String(options.seed ?? true),
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    PURCHASE_SWEEP_SECONDS: '0',
    ...(!options.productionLimits && { ANONYMOUS_WRITES_PER_MINUTE: '100000' }),
    ...options.env,
  });
  const app = await createApp(config, {
    clock: options.clock,
    logger: ['error'],
    awaitDemoCatalogue: true,
    ...(!options.productionLimits && { signInThrottleLimits: SHARED_TEST_NETWORK_LIMITS }),
  });
  await options.beforeListen?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  // A server that seeded a fresh folder itself (no template this run) answers once its history is there.
  await app.get(DemoHistorySeeder).settled();
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
