import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../../server/src/config/app-config';
import { createApp } from '../../server/src/create-app';
import { DemoHistorySeeder } from '../../server/src/seed/demo-history-seeder';
import { freePort } from './free-port';

/** Where the seeded data folder of this jest run is (set by the global setup, read by startTestServer). */
export const SEED_TEMPLATE_VARIABLE = 'LEPINGUTURG_SEED_TEMPLATE';

/**
 * Seeds the demo catalogue once, completely (files generated, uploaded and processed, templates
 * published, and the sales history paid at the embedded gateway, which needs the server listening), into
 * a fresh data folder and stops; answers the folder. Test servers start on copies of it, so the real seed
 * runs once per jest run instead of once per suite.
 */
export async function seedTemplateDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lepinguturg-seed-template-'));
  const port = await freePort();
  const config = seedingConfig(dataDir, port);
  const app = await createApp(config, { logger: ['error'], awaitDemoCatalogue: true });
  await app.listen({ port, host: '127.0.0.1' });
  await app.get(DemoHistorySeeder).settled();
  await app.close();
  return dataDir;
}

/** A server on `port` that seeds the demo data into `dataDir` itself, without sweeps. */
export function seedingConfig(dataDir: string, port: number): AppConfig {
  return loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    PURCHASE_SWEEP_SECONDS: '0',
    // The DOCX copies take their page count from their own metadata here rather than from a LibreOffice
    // conversion (seconds each on a shared machine); conversion itself is tested in the upload suites.
    SOFFICE_PATH: 'off',
  });
}

/** Copies the seeded template into `dataDir`; false when this run has no template. */
export function copySeedTemplate(dataDir: string): boolean {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (!template || !existsSync(template)) return false;
  // A new folder is made as the server makes its data folder (0700), and the copy leaves a folder's mode as
  // it was; everything inside keeps the template's modes (Node 24's cpSync does not keep folders' modes).
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  cpSync(template, dataDir, { recursive: true });
  keepModes(template, dataDir);
  chmodSync(dataDir, mode);
  return true;
}

/** Gives every entry under `to` the mode of the same entry under `from`. */
function keepModes(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) keepModes(source, target);
    chmodSync(target, statSync(source).mode & 0o777);
  }
}

export function removeSeedTemplate(): void {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (template) rmSync(template, { recursive: true, force: true });
}
