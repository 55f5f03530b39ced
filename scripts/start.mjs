// `npm start`: the marketplace on the embedded profile (http://localhost:3000 unless PORT says otherwise),
// installing and building first where needed. The first start seeds the demo catalogue.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib/ensure.mjs';
import { SERVER_NODE_FLAGS } from './lib/node-flags.mjs';

ensureInstalled();
ensureBuilt();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
