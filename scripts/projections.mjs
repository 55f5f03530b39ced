// `npm run projections -- status | rebuild <name|all>` on the configured data (DATA_DIR, PROFILE, …).
import { runServerTool } from './lib/ensure.mjs';
import { BATCH_NODE_FLAGS } from './lib/node-flags.mjs';

runServerTool('projections/cli.js', BATCH_NODE_FLAGS);
