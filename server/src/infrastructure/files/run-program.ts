import { spawn } from 'node:child_process';

export interface ProgramOutput {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly timeLimitMs: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Output kept per stream; a chatty program cannot fill the server's memory. */
  readonly maxOutputBytes?: number;
}

/** The program ran longer than its time limit; its whole process group was killed. */
export class ProgramTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly timeLimitMs: number,
  ) {
    super(`${command} ran longer than ${Math.round(timeLimitMs / 1000)} s and was stopped`);
  }
}

/** The program could not be started (missing, not executable). */
export class ProgramStartError extends Error {}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/**
 * Runs a program in its own process group with a time limit: at the limit the whole group (the program
 * and anything it started, e.g. soffice.bin under the soffice script) is killed with SIGKILL. The group
 * is also killed after a normal exit, so no helper process outlives the call. Resolves with the exit code
 * and the (bounded) output; never rejects because of a non-zero exit.
 */
export function runProgram(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<ProgramOutput> {
  const maxOutput = options.maxOutputBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    const output = { stdout: '', stderr: '' };
    const collect = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (output[name].length < maxOutput)
        output[name] += chunk.toString('utf8').slice(0, maxOutput - output[name].length);
    };
    child.stdout.on('data', collect('stdout'));
    child.stderr.on('data', collect('stderr'));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeLimitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProgramStartError(`${command} could not be started: ${error.message}`));
    });
    child.on('exit', () => {
      clearTimeout(timer);
      killGroup(child.pid);
      // Output still in the pipes arrives before 'close'; a process that left the group cannot hold it open.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 1000).unref();
    });
    child.on('close', (exitCode, signal) => {
      if (timedOut) reject(new ProgramTimeoutError(command, options.timeLimitMs));
      else resolve({ exitCode, signal, ...output });
    });
  });
}
