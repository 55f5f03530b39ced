import 'reflect-metadata';
import { existsSync, readFileSync } from 'node:fs';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from '../config/app-config';
import { InfrastructureModule } from '../infrastructure/infrastructure.module';
import { ProjectionRunner } from './projection-runner';
import { ProjectionsModule } from './projections.module';
import { serverPidFile } from './server-pid';

const USAGE = `Usage:
  npm run projections -- status
  npm run projections -- rebuild <name|all>`;

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

/** `npm run projections -- status | rebuild <name|all>`: read-model status and rebuilds from the event log. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (command === 'rebuild' && config.profile === 'embedded') {
    const pid = serverIsRunning(config.dataDir);
    if (pid !== null) {
      console.error(
        `The server (pid ${pid}) is running on ${config.dataDir}. Stop it first: its projections would race the rebuild.`,
      );
      return 1;
    }
  }

  @Module({ imports: [InfrastructureModule.forConfig(config), ProjectionsModule] })
  class ProjectionsCliModule {}

  const app = await NestFactory.createApplicationContext(ProjectionsCliModule, { logger: ['error', 'warn'] });
  try {
    const runner = app.get(ProjectionRunner);
    if (command === 'status') {
      for (const s of await runner.status()) {
        console.log(
          `${s.name.padEnd(12)} checkpoint ${s.checkpoint ?? '-'} of ${s.head ?? '-'}${s.behind ? '  (behind)' : '  (up to date)'}`,
        );
      }
      return 0;
    }
    const names = name === 'all' ? runner.names : name ? [name] : [];
    if (names.length === 0 || names.some((n) => !runner.names.includes(n))) {
      console.error(`Name a projection: ${[...runner.names, 'all'].join(', ')}`);
      return 2;
    }
    // One pass over the log for all of them: each page is read and decoded once.
    const result = await runner.rebuildTogether(names, (p) => {
      if (!p.done)
        process.stdout.write(`\r${p.projection}: ${p.events} events, ${p.eventsPerSecond} events/s`);
    });
    process.stdout.write(
      `\r${result.projection}: rebuilt from ${result.events} events at ${result.eventsPerSecond} events/s\n`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
