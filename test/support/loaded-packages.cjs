// Preloaded (NODE_OPTIONS=--require) into a server process by test/api/lean-start.api.spec.ts: notes every
// package the process asks require() for, by name (`pdfkit`, `@zxcvbn-ts/language-common`, not relative
// paths), one per line in the file LOADED_PACKAGES_FILE, so a test can tell what the server loaded and when.
const { appendFileSync } = require('node:fs');
const Module = require('node:module');

const file = process.env.LOADED_PACKAGES_FILE;
if (file) {
  const seen = new Set();
  const load = Module._load;
  Module._load = function loadAndNote(request, ...rest) {
    if (!request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:')) {
      const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      if (!seen.has(name)) {
        seen.add(name);
        appendFileSync(file, `${name}\n`);
      }
    }
    return load.call(this, request, ...rest);
  };
}
