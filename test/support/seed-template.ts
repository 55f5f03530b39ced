import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/src/config/app-config';
import { createApp } from '../../server/src/create-app';

/** Where the seeded data folder of this jest run is (set by the global setup, read by startTestServer). */
export const SEED_TEMPLATE_VARIABLE = 'LEPINGUTURG_SEED_TEMPLATE';

/**
 * Seeds the demo catalogue once, completely (files generated, uploaded and processed, templates
 * published), into a fresh data folder and stops; answers the folder. Test servers start on copies of it,
 * so the real seed runs once per jest run instead of once per suite.
 */
export async function seedTemplateDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lepinguturg-seed-template-'));
  const config = loadConfig({
    PORT: '3999',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    BASKET_EXPIRY_SWEEP_SECONDS: '0',
    // The DOCX copies take their page count from their own metadata here rather than from a LibreOffice
    // conversion (seconds each on a shared machine); conversion itself is tested in the upload suites.
    SOFFICE_PATH: 'off',
  });
  const app = await createApp(config, { logger: ['error'], awaitDemoCatalogue: true });
  await app.close();
  return dataDir;
}

/** Copies the seeded template into `dataDir`; false when this run has no template. */
export function copySeedTemplate(dataDir: string): boolean {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (!template || !existsSync(template)) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

export function removeSeedTemplate(): void {
  const template = process.env[SEED_TEMPLATE_VARIABLE];
  if (template) rmSync(template, { recursive: true, force: true });
}
