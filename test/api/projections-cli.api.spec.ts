import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../server/src/infrastructure/sqlite/sqlite-database';
import { runDataCli } from '../../server/src/data-cli';
import { runProjectionsCli, type CliOutput } from '../../server/src/projections/projections-cli';
import { serverPidFile } from '../../server/src/projections/server-pid';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * `npm run projections -- status | rebuild <name|all>` and `npm run data -- compact` (README, "Read models") on the embedded profile's
 * data: the command an admin runs after an upgrade that changes what a read model holds.
 */
describe('npm run projections and npm run data on the embedded data', () => {
  let server: TestServer | null = null;
  let dataDir = '';

  beforeAll(async () => {
    server = await startTestServer();
    dataDir = server.dataDir;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the command as `npm run projections` would, on this data, and keeps what it writes. */
  async function run(...argv: string[]) {
    const lines: string[] = [];
    const errors: string[] = [];
    let progress = '';
    const out: CliOutput = {
      log: (line) => lines.push(line),
      error: (line) => errors.push(line),
      progress: (text) => (progress += text),
    };
    const code = await runProjectionsCli(argv, { DATA_DIR: dataDir }, out);
    return { code, lines, errors, progress };
  }

  /** `npm run data -- compact` (server/src/data-cli.ts) on this data. */
  function runData(...argv: string[]) {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = runDataCli(
      argv,
      { DATA_DIR: dataDir },
      { log: (l) => lines.push(l), error: (l) => errors.push(l), progress: () => {} },
    );
    return { code, lines, errors };
  }

  const searchTitles = async (url: string, q: string) => {
    const response = await fetch(`${url}/api/documents?q=${encodeURIComponent(q)}&limit=50`);
    return ((await response.json()) as { items: { title: string }[] }).items.map((item) => item.title).sort();
  };

  it('refuses to rebuild while the server runs on the same data, and changes nothing', async () => {
    // The server started by `npm start` names its process in the data folder (server/src/main.ts).
    writeFileSync(serverPidFile(dataDir), String(process.pid));
    const refused = await run('rebuild', 'search');
    rmSync(serverPidFile(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.errors.join('\n')).toMatch(/is running on .*Stop it first/);
    expect(refused.progress).toBe('');
  });

  it('shows every read model up to date, then rebuilds the search from the log to the same answers', async () => {
    const before = await searchTitles(server!.url, 'leping');
    expect(before.length).toBeGreaterThan(5);
    await server!.close({ keepData: true });
    server = null;

    const status = await run('status');
    expect(status.code).toBe(0);
    expect(status.errors).toEqual([]);
    expect(status.lines.find((line) => line.startsWith('search '))).toMatch(/\(up to date\)$/);

    const rebuilt = await run('rebuild', 'search');
    expect(rebuilt.errors).toEqual([]);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.progress).toMatch(/search: rebuilt from [1-9]\d* events/);

    server = await startTestServer({ dataDir });
    expect(await searchTitles(server.url, 'leping')).toEqual(before);
  });

  it('compacts a data file made with 4 KB pages into 16 KB pages, refusing while the server runs', async () => {
    writeFileSync(serverPidFile(dataDir), String(process.pid));
    const refused = runData('compact');
    rmSync(serverPidFile(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.errors.join('\n')).toMatch(
      /is running on .*Stop it first: a file in use cannot be rewritten/,
    );

    const before = await searchTitles(server!.url, 'leping');
    await server!.close({ keepData: true });
    server = null;
    // The file as versions before 16 KB pages made it.
    const file = join(dataDir, DATABASE_FILE);
    const old = new Database(file);
    old.pragma('journal_mode = DELETE');
    old.pragma('page_size = 4096');
    old.exec('VACUUM');
    old.pragma('journal_mode = WAL');
    expect(old.pragma('page_size', { simple: true })).toBe(4_096);
    old.close();

    const compacted = runData('compact');
    expect(compacted.errors).toEqual([]);
    expect(compacted.code).toBe(0);
    expect(compacted.lines.join('\n')).toMatch(/pages of 4096 → 16384 bytes/);
    const check = new Database(file, { readonly: true });
    expect(check.pragma('page_size', { simple: true })).toBe(16_384);
    check.close();

    server = await startTestServer({ dataDir });
    expect(await searchTitles(server.url, 'leping')).toEqual(before);
  });

  it('refuses an unknown data command, and a file that is not there, changing nothing', () => {
    expect(runData('shrink')).toMatchObject({ code: 2, errors: ['Usage: npm run data -- compact'] });
    const missing = runDataCli(
      ['compact'],
      { DATA_DIR: join(dataDir, 'nowhere') },
      { log: () => {}, error: () => {}, progress: () => {} },
    );
    expect(missing).toBe(1);
    expect(existsSync(join(dataDir, 'nowhere', DATABASE_FILE))).toBe(false);
  });

  it('names the read models when asked to rebuild one it does not have', async () => {
    await server?.close({ keepData: true });
    server = null;
    const unknown = await run('rebuild', 'nonesuch');
    expect(unknown.code).toBe(2);
    expect(unknown.errors.join('\n')).toMatch(/Name a projection: .*search.*all/);
  });
});
