/** Server-side tests: domain (unit), ports' contract suites (int), API suites (supertest). */
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * oidc-provider, openid-client and their jose and oauth4webapi ship only as ES modules. Node 20.19+ loads them from our CommonJS build, but
 * jest's module system does not, so in tests SWC compiles those two packages to CommonJS as well.
 */
const esmPackages = ['oidc-provider', 'jose', 'openid-client', 'oauth4webapi'];
const esmTransform = {
  transform: { '^.+\\.ts$': swc, [`/node_modules/(${esmPackages.join('|')})/.+\\.js$`]: swcJs },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
};

/** The demo catalogue (real generated files, processed) is seeded once per run; test servers copy it. */
const seedOnce = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

module.exports = {
  // A real server starts in a suite's beforeAll; on a busy 2-core machine (two workers, browser journeys
  // beside them, a cold transform cache) that can take longer than jest's default 5 s. Not a speed limit:
  // bench/ measures speed.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      ...esmTransform,
      ...seedOnce,
      testMatch: [
        '<rootDir>/server/src/**/*.unit.spec.ts',
        '<rootDir>/server/src/**/*.spec.ts',
        '<rootDir>/test/api/**/*.spec.ts',
        '<rootDir>/test/build/**/*.spec.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      ...esmTransform,
      ...seedOnce,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.spec.ts'],
    },
    {
      displayName: 'contracts',
      testEnvironment: 'node',
      ...esmTransform,
      testMatch: ['<rootDir>/server/src/**/*.int.spec.ts', '<rootDir>/test/read-store/**/*.int.spec.ts'],
    },
  ],
};
