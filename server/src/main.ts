import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import { rmSync, writeFileSync } from 'node:fs';
import { createApp } from './create-app';
import { ensurePrivateDir } from './infrastructure/private-files';
import { serverPidFile } from './projections/server-pid';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  if (config.profile === 'embedded') {
    const pidFile = serverPidFile(config.dataDir);
    writeFileSync(pidFile, String(process.pid));
    process.once('exit', () => rmSync(pidFile, { force: true }));
  }
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(
    `Lepinguturg is running on http://${shown}:${config.port} (profile ${config.profile}, data in ${config.dataDir})`,
  );
  for (const line of startupNotes(config)) console.log(line);
}

/** What a person starting the server should know about what it exposes. */
function startupNotes(config: AppConfig): string[] {
  const notes: string[] = [];
  if (config.identity.embedded && config.devMailbox === 'loopback') {
    notes.push(
      `Dev mailbox: http://localhost:${config.port}/dev/mailbox — shows every mail (reset codes too), ` +
        'so it answers only browsers on this machine; DEV_MAILBOX=off turns it off.',
    );
  }
  if (config.identity.signIn.testProvider) {
    notes.push(
      `Test sign-in provider: http://localhost:${config.port}/test-idp — "Sign in with Test IdP" signs in ` +
        'whoever one claims to be, for trying social sign-in without a network; TEST_IDP=false turns it off.',
    );
  }
  if (config.profile === 'embedded' && ensurePrivateDir(config.dataDir).readableByOthers) {
    notes.push(
      `Warning: ${config.dataDir} can be read by other users of this machine; its files are private, ` +
        `but run "chmod 700 ${config.dataDir}" to close the folder too.`,
    );
  }
  return notes;
}

void main();
