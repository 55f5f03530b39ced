require('ts-node').register({ transpileOnly: true, compilerOptions: { module: 'commonjs' } });
require('./rb.ts');
