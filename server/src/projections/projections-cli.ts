import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { InfrastructureModule } from '../infrastructure/infrastructure.module';
import {
  DATABASE_FILE,
  openSqliteDatabase,
  vacuumSqliteDatabase,
} from '../infrastructure/sqlite/sqlite-database';
import { ProjectionRunner } from './projection-runner';
import { ProjectionsModule } from './projections.module';
import { serverPidFile } from './server-pid';

const USAGE = `Usage:
  npm run projections -- status
  npm run projections -- rebuild <name|all>
  npm run projections -- compact`;

function serverIsRunning(dataDir: string): number | null {
  const file = serverPidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * `compact`: rewrites the embedded file in 16 KB pages (a file made before they were the default keeps 4 KB
 * ones, and rebuilds of large read models are slower in those) and returns the pages rebuilds freed.
 */
function compact(file: string, out: CliOutput): number {
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

/** Where the command writes: its report and its complaints (the console, or a test's capture). */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
  progress(text: string): void;
}

const CONSOLE: CliOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
  progress: (text) => process.stdout.write(text),
};

/**
 * `npm run projections -- status | rebuild <name|all> | compact`: read-model status, rebuilds from the event
 * log and the embedded file rewritten compactly, on the data the environment configures. Answers the
 * process's exit code.
 */
export async function runProjectionsCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: CliOutput = CONSOLE,
): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild' && command !== 'compact') {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (command === 'compact' && config.profile !== 'embedded') {
    out.error('Only the embedded profile keeps its data in a file of its own to compact.');
    return 2;
  }
  if (command !== 'status' && config.profile === 'embedded') {
    const pid = serverIsRunning(config.dataDir);
    if (pid !== null) {
      out.error(
        command === 'rebuild'
          ? `The server (pid ${pid}) is running on ${config.dataDir}. Stop it first: its projections would race the rebuild.`
          : `The server (pid ${pid}) is running on ${config.dataDir}. Stop it first: a file in use cannot be rewritten.`,
      );
      return 1;
    }
  }

  if (command === 'compact') return compact(join(config.dataDir, DATABASE_FILE), out);

  @Module({ imports: [InfrastructureModule.forConfig(config), ProjectionsModule] })
  class ProjectionsCliModule {}

  const app = await NestFactory.createApplicationContext(ProjectionsCliModule, { logger: ['error', 'warn'] });
  try {
    const runner = app.get(ProjectionRunner);
    if (command === 'status') {
      for (const s of await runner.status()) {
        out.log(
          `${s.name.padEnd(12)} checkpoint ${s.checkpoint ?? '-'} of ${s.head ?? '-'}${s.behind ? '  (behind)' : '  (up to date)'}`,
        );
      }
      return 0;
    }
    const names = name === 'all' ? runner.names : name ? [name] : [];
    if (names.length === 0 || names.some((n) => !runner.names.includes(n))) {
      out.error(`Name a projection: ${[...runner.names, 'all'].join(', ')}`);
      return 2;
    }
    // One pass over the log for all of them: each page is read and decoded once.
    const result = await runner.rebuildTogether(names, (p) => {
      if (!p.done) out.progress(`\r${p.projection}: ${p.events} events, ${p.eventsPerSecond} events/s`);
    });
    out.progress(
      `\r${result.projection}: rebuilt from ${result.events} events at ${result.eventsPerSecond} events/s\n`,
    );
    return 0;
  } finally {
    await app.close();
  }
}
