import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CONSOLE_OUTPUT, type CliOutput } from '../cli-output';
import { loadConfig } from '../config/app-config';
import { InfrastructureModule } from '../infrastructure/infrastructure.module';
import { ProjectionRunner } from './projection-runner';
import { ProjectionsModule } from './projections.module';
import { runningServer } from './server-pid';

export type { CliOutput } from '../cli-output';

const USAGE = `Usage:
  npm run projections -- status
  npm run projections -- rebuild <name|all>`;

/**
 * `npm run projections -- status | rebuild <name|all>`: read-model status and rebuilds from the event
 * log, on the data the environment configures. Answers the process's exit code.
 */
export async function runProjectionsCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: CliOutput = CONSOLE_OUTPUT,
): Promise<number> {
  const [command, name] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    out.error(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (command === 'rebuild' && config.profile === 'embedded') {
    const pid = runningServer(config.dataDir);
    if (pid !== null) {
      out.error(
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
