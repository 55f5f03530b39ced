import { SEED_TEMPLATE_VARIABLE, seedTemplateDataDir } from './seed-template';

interface GlobalConfig {
  readonly testPathPatterns?: { readonly patterns?: readonly string[] };
}

/**
 * Jest's global setup (server and browser projects): seeds the demo catalogue once for the whole run.
 * The variable it sets is inherited by the test workers, which start later. A run of only the
 * server's own unit suites (`npx jest server/src/...`) or of the text checks (`test/texts`) starts no test server and skips it.
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  if (process.env[SEED_TEMPLATE_VARIABLE]) return;
  const patterns = globalConfig.testPathPatterns?.patterns ?? [];
  if (patterns.length > 0 && patterns.every((pattern) => /server\/src|test\/texts/.test(pattern))) return;
  const started = Date.now();
  process.env[SEED_TEMPLATE_VARIABLE] = await seedTemplateDataDir();
  process.stderr.write(
    `Seeded the demo catalogue for this run in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
