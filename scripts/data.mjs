// `npm run data -- compact`: the embedded data file rewritten in 16 KB pages (DATA_DIR, PROFILE, …).
import { runServerTool } from './lib/ensure.mjs';
import { NODE_FLAGS } from './lib/node-flags.mjs';

runServerTool('data-cli.js', NODE_FLAGS);
