/** Server-side tests: domain (unit), ports' contract suites (int), API suites (supertest). */
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

module.exports = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc },
      testMatch: [
        '<rootDir>/server/src/**/*.unit.spec.ts',
        '<rootDir>/server/src/**/*.spec.ts',
        '<rootDir>/test/api/**/*.spec.ts',
      ],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc },
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.spec.ts'],
    },
    {
      displayName: 'contracts',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc },
      testMatch: ['<rootDir>/server/src/**/*.int.spec.ts'],
    },
  ],
};
