// `npm run accounts -- import accounts.csv`: accounts into the embedded identity provider (DATA_DIR, …).
import { runServerTool } from './lib/ensure.mjs';
import { NODE_FLAGS } from './lib/node-flags.mjs';

runServerTool('accounts-cli.js', NODE_FLAGS);
