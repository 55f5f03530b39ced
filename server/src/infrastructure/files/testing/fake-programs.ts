import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A stand-in for `soffice` that hangs: a real shell script that starts `sleep` as a child and waits for
 * it, writing the child's pid to `sleeper.pid` in `dir`, so a test can check the whole group was killed.
 */
export async function hangingProgram(
  dir: string,
): Promise<{ path: string; sleeperPid: () => Promise<number> }> {
  const path = join(dir, 'hanging-soffice.sh');
  const pidFile = join(dir, 'sleeper.pid');
  await writeFile(path, `#!/bin/sh\nsleep 600 &\necho $! > '${pidFile}'\nwait\n`);
  await chmod(path, 0o755);
  return { path, sleeperPid: async () => Number((await readFile(pidFile, 'utf8')).trim()) };
}

/** A stand-in for `soffice` that only records that it was started (in `started` in `dir`) and fails. */
export async function recordingProgram(dir: string): Promise<{ path: string; marker: string }> {
  const path = join(dir, 'recording-soffice.sh');
  const marker = join(dir, 'started');
  await writeFile(path, `#!/bin/sh\necho "$@" > '${marker}'\nexit 1\n`);
  await chmod(path, 0o755);
  return { path, marker };
}

/** True while the process runs (a zombie waiting for its parent to reap it counts as ended). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
