import { join } from 'node:path';

/** The embedded server writes its pid here while it runs, so the projections CLI can refuse to race it. */
export const serverPidFile = (dataDir: string): string => join(dataDir, 'server.pid');
