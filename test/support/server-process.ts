import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..');

/** The server as `npm start` runs it (server/src/main.ts), in a child process of its own. */
export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly pid: number;
  /** What it printed so far (stdout and stderr), for a failing test's message. */
  output(): string;
  /** kill -9: no shutdown hook, no flush, nothing of the process's own runs. Resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, as Ctrl+C: the app closes; resolves once the process exited. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  readonly dataDir: string;
  /** Environment of the server (PORT, DATA_DIR and the test defaults are set unless given here). */
  readonly env?: Record<string, string>;
  /** How long it may take to start (a cold compile of the server on a busy machine). */
  readonly startTimeoutMs?: number;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * Starts server/src/main.ts with `node -r test/support/typescript-register.cjs` on 127.0.0.1 and a free
 * port, configured by the environment like `npm start`, and resolves once it says it is running.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-r', join(ROOT, 'test/support/typescript-register.cjs'), join(ROOT, 'server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: options.dataDir,
        BASKET_EXPIRY_SWEEP_SECONDS: '0',
        PURCHASE_SWEEP_SECONDS: '0',
        ANONYMOUS_WRITES_PER_MINUTE: '100000',
        SOFFICE_PATH: 'off',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`The server did not start within ${options.startTimeoutMs ?? 120_000} ms:\n${output}`),
      );
    }, options.startTimeoutMs ?? 120_000);
    const onData = () => {
      if (!output.includes('Lepinguturg is running on')) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve();
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
