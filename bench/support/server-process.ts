import 'reflect-metadata';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  // The message 'loop-delay' answers how long the event loop was held since the last such message
  // (p50, p99, max in ms), so a bench can tell a blocked loop from a busy machine.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (message) => {
    if (message === 'loop-delay') {
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      process.send?.({
        loopDelay: {
          p50: ms(loopDelay.percentile(50)),
          p99: ms(loopDelay.percentile(99)),
          max: ms(loopDelay.max),
        },
      });
      loopDelay.reset();
      return;
    }
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
