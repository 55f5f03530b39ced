import 'reflect-metadata';
import { loadConfig } from '../../server/src/config/app-config';
import { createApp } from '../../server/src/create-app';

/**
 * The server in a process of its own (configured by the environment like `npm start`), so a bench can
 * read its memory from /proc without counting its own. Prints `ready` on stdout once it listens;
 * stops on SIGTERM.
 */
async function main(): Promise<void> {
  // With node --expose-gc, the message 'toggle-gc' from the parent switches on (and off again) a garbage
  // collection every BENCH_GC_EVERY_MS, so a memory figure can show what is kept rather than what is not
  // yet collected. (Not a signal: Nest's shutdown hooks take SIGUSR2 too.)
  const expose = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  // A scavenge frees the short-lived chunks of a stream (and their memory outside the heap) in a few
  // milliseconds; a full collection this often would stall the server.
  const gc = expose ? () => expose({ type: 'minor' }) : undefined;
  const gcEvery = Number(process.env.BENCH_GC_EVERY_MS ?? 20);
  let collecting: NodeJS.Timeout | null = null;
  process.on('message', (message) => {
    if (message !== 'toggle-gc' || !gc) return;
    if (collecting) {
      clearInterval(collecting);
      collecting = null;
    } else {
      gc();
      collecting = setInterval(gc, gcEvery);
    }
  });
  const config = loadConfig(process.env);
  const app = await createApp(config, { logger: ['error'] });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  // The parent's IPC channel must not keep this process alive after the app closes.
  process.channel?.unref();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
