import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server in a process of its own, timed from its spawn to its first 200, its memory read from /proc. */
export interface MeasuredProcess {
  readonly base: string;
  readonly pid: number;
  /** Milliseconds from the spawn to the first 200 answer of `firstPath`. */
  readonly startToFirstOkMs: number;
  /** Resident memory now (VmRSS) and at its peak (VmHWM), in MB. */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: Math.round(read('VmRSS')), peakMb: Math.round(read('VmHWM')) };
}

/**
 * Spawns `node <args>` with `env` plus PORT, then asks `firstPath` every 10 ms until it answers 200.
 * The process's output goes to this one's stderr.
 */
export async function startMeasured(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  firstPath: string,
  timeoutMs = 180_000,
): Promise<MeasuredProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...args, String(port)], {
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const state: { exited: number | null } = { exited: null };
  child.once('exit', (code) => (state.exited = code ?? -1));
  for (;;) {
    if (state.exited !== null)
      throw new Error(`${args.join(' ')} ended with ${state.exited} before answering`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGTERM');
      throw new Error(`${args.join(' ')} did not answer ${firstPath} within ${timeoutMs} ms`);
    }
    try {
      const response = await fetch(`${base}${firstPath}`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startToFirstOkMs = performance.now() - started;
  return {
    base,
    pid: child.pid!,
    startToFirstOkMs,
    memory: () => memoryOf(child.pid!),
    stop: async () => {
      if (state.exited !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}
