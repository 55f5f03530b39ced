/**
 * Layer rules (STYLE.md "Pure core, thin shell"): the domain and the events import nothing but each
 * other; handlers see ports, never adapters; only the infrastructure module chooses adapters.
 */
const ADAPTERS = [
  'server/src/infrastructure/event-store/(sqlite|kurrentdb)-event-store',
  'server/src/infrastructure/read-store/(embedded|mongo)-read-store',
  'server/src/infrastructure/blob-store/(local-folder|minio)-blob-store',
  'server/src/infrastructure/payments/(makecommerce-gateway|embedded-gateway/)',
  'server/src/infrastructure/vat-registry/(vies-rest-registry|embedded-test-registry)',
  'server/src/infrastructure/sqlite/',
];

module.exports = {
  forbidden: [
    {
      name: 'pure-domain',
      comment: 'domain/ and events/ are pure: no Nest, no drivers, no node: modules, no other layer.',
      severity: 'error',
      from: { path: '^server/src/(domain|events)/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: '^server/src/(domain|events)/' },
    },
    {
      name: 'handlers-see-ports-not-adapters',
      comment:
        'commands, queries, projections and the API talk to ports; the infrastructure module wires adapters.',
      severity: 'error',
      from: {
        path: '^server/src/(commands|queries|projections|processes|api|seed)/',
        pathNot: '\\.spec\\.ts$',
      },
      to: { path: ADAPTERS.map((a) => `^${a}`) },
    },
    {
      name: 'read-side-not-write-side',
      comment:
        'CQRS: queries read read models through the ReadStore port; they never import commands (a token both need lives in config/).',
      severity: 'error',
      from: { path: '^server/src/queries/' },
      to: { path: '^server/src/commands/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-test-code',
      comment: 'Production code never imports test helpers.',
      severity: 'error',
      from: { pathNot: '(\\.spec\\.ts$|\\.contract\\.ts$|/testing/)' },
      to: { path: '(\\.spec\\.ts$|\\.contract\\.ts$|/testing/|^test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)' },
    tsPreCompilationDeps: true,
  },
};
