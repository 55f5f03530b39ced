import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded server writes its pid here while it runs, so the command-line tools can refuse to race it. */
export const serverPidFile = (dataDir: string): string => join(dataDir, 'server.pid');

/** The pid of the server running on this data folder, or null when none is. */
export function runningServer(dataDir: string): number | null {
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
