// Import boundaries, checked by `npm run lint` (docs/architecture.md#layers-and-import-rules,
// docs/decisions/0026-import-boundaries-with-dependency-cruiser.md).
// Tests and test helpers sit above every layer: they may assemble the app from any part of their
// own workspace, so the layer rules look at product code only; the cycle rule looks at everything.
const TESTS = [
  '\\.test\\.tsx?$',
  '^server/src/test/',
  '^client/src/test/',
  '/test-utils\\.tsx?$',
  '^embedded-mongo/(test|bench)/',
];

// Server layers, top to bottom; a file may import its own layer or one below it.
const SERVER = {
  root: '^server/src/(main|build-deps|app|admin-bootstrap)\\.ts$|^server/src/(scripts|seed|scale)/',
  // Sequences across modules (placing, cancelling, recovering): they call the modules' public entries.
  flows: '^server/src/flows/',
  modules: '^server/src/modules/',
  middleware: '^server/src/middleware/',
  db: '^server/src/db/|^server/src/deps\\.ts$',
  lib: '^server/src/lib/',
  config: '^server/src/config\\.ts$',
};
// The engine's layers (embedded-mongo/README.md), top to bottom. query sits below storage: partial
// indexes and validators evaluate filters, and query needs nothing of how documents are kept.
const ENGINE = {
  entry: '^embedded-mongo/src/[^/]+\\.ts$',
  wire: '^embedded-mongo/src/wire/',
  commands: '^embedded-mongo/src/commands/',
  planner: '^embedded-mongo/src/planner/',
  durability: '^embedded-mongo/src/durability/',
  storage: '^embedded-mongo/src/storage/',
  query: '^embedded-mongo/src/query/',
  values: '^embedded-mongo/src/values/',
};
// Client layers, top to bottom.
const CLIENT = {
  root: '^client/src/(main|boot|entry-server)\\.tsx$|^client/src/shell\\.ts$',
  app: '^client/src/app/',
  features: '^client/src/features/',
  components: '^client/src/components/',
  state: '^client/src/state/',
  i18n: '^client/src/i18n/',
  api: '^client/src/api/',
};

/** One rule per layer: nothing in it imports a layer above it; `floor` is what lies below the last. */
function pointDown(side, layers, floor = 'shared') {
  const names = Object.keys(layers);
  return names.slice(1).map((name, i) => ({
    name: `${side}-${name}-imports-down`,
    comment: `${side}/${name} imports only its own layer and those below (${names.slice(i + 2).join(', ') || floor})`,
    severity: 'error',
    from: { path: layers[name], pathNot: TESTS },
    to: { path: names.slice(0, i + 1).map((above) => layers[above]) },
  }));
}

const rules = [
  {
    name: 'no-circular',
    comment: 'No import circle.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'product-code-imports-no-test',
    comment: 'Test files and helpers are not part of the product.',
    severity: 'error',
    from: { pathNot: TESTS },
    to: { path: TESTS },
  },
  {
    name: 'engine-imports-nothing-of-the-shop',
    comment: 'The embedded engine is a database: it knows nothing of the shop, its server or shared.',
    severity: 'error',
    from: { path: '^embedded-mongo/' },
    to: { path: '^(server|client|shared)/' },
  },
  {
    name: 'engine-through-its-exports',
    comment: "The server uses the engine only through its package's exports map (embedded-mongo/package.json).",
    severity: 'error',
    from: { path: '^server/' },
    to: {
      path: '^embedded-mongo/',
      pathNot: [
        '^embedded-mongo/src/index\\.ts$',
        '^embedded-mongo/src/durability/backup\\.ts$',
        '^embedded-mongo/src/durability/files\\.ts$',
        '^embedded-mongo/src/storage/storage-fs\\.ts$',
        '^embedded-mongo/test/(testing-faults|plan)\\.ts$',
      ],
    },
  },
  {
    name: 'shared-imports-neither-side',
    comment: 'shared is the contract both sides import; it imports neither, nor the engine.',
    severity: 'error',
    from: { path: '^shared/' },
    to: { path: '^(server|client|embedded-mongo)/' },
  },
  {
    name: 'server-and-client-apart',
    comment: 'server and client meet only in shared.',
    severity: 'error',
    from: { path: '^(server|client)/' },
    to: { path: '^(server|client)/', pathNot: '^$1/' },
  },
  {
    name: 'module-through-its-public-entry',
    comment: "A module imports another only through that module's index.ts.",
    severity: 'error',
    from: { path: '^server/src/modules/([^/]+)/', pathNot: TESTS },
    to: {
      path: '^server/src/modules/[^/]+/',
      pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'outside-code-through-public-entry',
    comment: 'Code outside modules/ imports a module only through its index.ts.',
    severity: 'error',
    from: {
      path: '^server/src/',
      pathNot: [...TESTS, '^server/src/modules/'],
    },
    to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
  },
  ...pointDown('engine', ENGINE, 'nothing of its own'),
  ...pointDown('server', SERVER),
  ...pointDown('client', CLIENT),
];

module.exports = {
  forbidden: rules,
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      // shared is read from its source through the "source" export condition (decision 0012).
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
