import { ConfigError, loadConfig } from './config/app-config';
import { rmSync, writeFileSync } from 'node:fs';
import { createApp } from './create-app';
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
}

void main();
