import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_OUTPUT, type CliOutput } from './cli-output';
import { ConfigError, loadConfig } from './config/app-config';
import {
  DATABASE_FILE,
  openSqliteDatabase,
  vacuumSqliteDatabase,
} from './infrastructure/sqlite/sqlite-database';
import { runningServer } from './projections/server-pid';

const USAGE = 'Usage: npm run data -- compact';

/**
 * `npm run data -- compact`: rewrites the embedded profile's SQLite file in 16 KB pages (a file made before they
 * were the default keeps 4 KB ones, in which rebuilds of large read models are slower) and gives back the pages
 * that rebuilds freed (docs/decisions/sixteen-kilobyte-pages.md). Answers the process's exit code.
 */
export function runDataCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: CliOutput = CONSOLE_OUTPUT,
): number {
  if (argv.length !== 1 || argv[0] !== 'compact') {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (config.profile !== 'embedded') {
    out.error('Only the embedded profile keeps its data in a file of its own to compact.');
    return 2;
  }
  const pid = runningServer(config.dataDir);
  if (pid !== null) {
    out.error(
      `The server (pid ${pid}) is running on ${config.dataDir}. Stop it first: a file in use cannot be rewritten.`,
    );
    return 1;
  }
  const file = join(config.dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    out.error(`There is no data to compact: ${file} does not exist.`);
    return 1;
  }
  const db = openSqliteDatabase(file);
  try {
    const result = vacuumSqliteDatabase(db);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    out.log(
      `Compacted ${file}: pages of ${result.pageSizeBefore} → ${result.pageSizeAfter} bytes, ${mb(result.bytesBefore)} → ${mb(result.bytesAfter)} MB.`,
    );
    return 0;
  } finally {
    db.close();
  }
}

if (require.main === module) {
  try {
    process.exit(runDataCli(process.argv.slice(2), process.env));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
