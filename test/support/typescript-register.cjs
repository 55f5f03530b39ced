// Lets a child `node -r` run the server's TypeScript sources directly, compiled by SWC exactly as jest
// compiles them (jest.config.cjs), for tests that need the server in a process of its own: a kill -9
// stops a process, not an app inside the test's own. oidc-provider and jose are ES modules, which Node
// 20.19+ loads through require() by itself.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

const options = {
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
