// `npm run data -- compact`: the embedded data file rewritten in 16 KB pages (DATA_DIR, PROFILE, …).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib/ensure.mjs';
import { NODE_FLAGS } from './lib/node-flags.mjs';

ensureInstalled();
ensureBuilt({ client: false });
const result = spawnSync(
  process.execPath,
  [...NODE_FLAGS, join(root, 'server/dist/data-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
