import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * What a starting server loads (docs/decisions/the-server-loads-what-a-request-needs.md): the packages of
 * work no first request does — invoices (pdfkit, xmlbuilder2), images (sharp), the second factor's QR code,
 * the common-password list, social sign-in's client (openid-client), the demo file generators — load when
 * that work is first asked for, not at every start. The server runs in a process of its own, as `npm start`
 * runs it, with a preload that notes every package it requires.
 */
const LOADED_LATER = [
  'pdfkit',
  'xmlbuilder2',
  'sharp',
  'qrcode',
  '@zxcvbn-ts/language-common',
  'openid-client',
];

describe('A starting server (real process, real HTTP)', () => {
  let dir: string;
  let server: ServerProcess | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lean-start-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers its first search without loading what only later work needs, and loads it for that work', async () => {
    const loaded = join(dir, 'loaded-packages.txt');
    server = await startServerProcess({
      dataDir: join(dir, 'data'),
      env: {
        SEED_DEMO_DATA: 'false',
        LOADED_PACKAGES_FILE: loaded,
        NODE_OPTIONS: `--require ${join(__dirname, '..', 'support', 'loaded-packages.cjs')}`,
      },
    });
    const search = await fetch(`${server.url}/api/documents`);
    expect(search.status).toBe(200);
    const share = await fetch(`${server.url}/api/site/share-image`);
    expect(share.status).toBe(200);
    expect(share.headers.get('content-type')).toBe('image/png');
    const packages = readFileSync(loaded, 'utf8').split('\n').filter(Boolean);
    // The server did load its own stack (the preload sees it) …
    expect(packages).toEqual(expect.arrayContaining(['@nestjs/core', 'better-sqlite3', 'oidc-provider']));
    // … but of the later work only the share image's sharp, which the request above asked for.
    expect(LOADED_LATER.filter((name) => packages.includes(name))).toEqual(['sharp']);
  }, 180_000);
});
