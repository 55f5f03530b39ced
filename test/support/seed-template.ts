import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/src/config/app-config';
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
  const config = loadConfig({
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
  const app = await createApp(config, { logger: ['error'], awaitDemoCatalogue: true });
  await app.listen({ port, host: '127.0.0.1' });
  await app.get(DemoHistorySeeder).settled();
  await app.close();
  return dataDir;
}

/** Copies the seeded template into `dataDir`; false when this run has no template. */
export function copySeedTemplate(dataDir: string): boolean {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (!template || !existsSync(template)) return false;
  // Node 24's cpSync gives an existing destination folder the template's mode; the folder keeps its own.
  const mode = existsSync(dataDir) ? statSync(dataDir).mode & 0o777 : null;
  cpSync(template, dataDir, { recursive: true });
  if (mode !== null) chmodSync(dataDir, mode);
  return true;
}

export function removeSeedTemplate(): void {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (template) rmSync(template, { recursive: true, force: true });
}
