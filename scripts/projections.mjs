// `npm run projections -- status | rebuild <name|all>` on the configured data (DATA_DIR, PROFILE, …).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib/ensure.mjs';
import { BATCH_NODE_FLAGS } from './lib/node-flags.mjs';

ensureInstalled();
ensureBuilt({ client: false });
const result = spawnSync(
  process.execPath,
  [...BATCH_NODE_FLAGS, join(root, 'server/dist/projections/cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
