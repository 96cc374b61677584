// The import rules docs/ARCHITECTURE.md promises, checked on every `npm run lint`
// (`depcruise`, chained by the lint script). Paths are the resolved files, relative to the
// repository root, so a rule holds however deep the importing file sits.

/** What the renderer may import from electron/: the shared folder, pure TypeScript with no Node
 * or Electron imports, which both sides compile (tsconfig.web.json). */
const SHARED = '^electron/shared/';
/** The contract's modules: they hold the zod schemas. */
const CONTRACT = '^electron/shared/(index[.]ts|contract/)';
/** The Electron-only packages: the core, common/ and the renderer run without them. */
const ELECTRON_PACKAGES = '(^|/)node_modules/(electron|electron-updater|@electron/[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // Type-only cycles too: they cost nothing at run time, but two files that name each
      // other's types cannot be read, moved or tested apart, and a type cycle becomes a value
      // cycle (undefined at import time) with the first constant that follows the type.
      name: 'no-cycle',
      comment: 'No import cycles anywhere, type-only ones included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      // The core is tested in plain Node and runs in browser mode; Electron facilities (the
      // system proxy's fetch, app paths) are injected by main.
      name: 'core-no-electron',
      comment: 'electron/core has no Electron imports.',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: ELECTRON_PACKAGES },
    },
    {
      name: 'core-not-shells',
      comment:
        'electron/core does not import the shells around it (main, preload, web) or the renderer: they import the core.',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^(electron/(main|preload|web)|renderer)/' },
    },
    {
      // Training mode reaches the core as an option (CoreOptions.startTrainingSandbox, passed
      // by the entry points): the sandbox and its seed data are never part of the core.
      name: 'core-no-sandbox',
      comment: 'electron/core imports no sandbox code.',
      severity: 'error',
      from: { path: '^electron/core/' },
      to: { path: '^electron/sandbox/' },
    },
    {
      // The vendor's JSON shapes are parsed only by the API client (core/api/: its readers and
      // to-view.ts, which makes the app's views); the rest of the core names the records the
      // client answers with (api/records.ts) and the renderer the contract's views; the sandbox
      // is the vendor's double (decision 78).
      name: 'vendor-shapes-in-client',
      comment:
        'core/api/wire.ts (the vendor module) is imported only by electron/core/api and electron/sandbox.',
      severity: 'error',
      from: { path: '^(electron|renderer)/', pathNot: '^electron/(core/api|sandbox)/' },
      to: { path: '^electron/core/api/wire[.]ts$' },
    },
    {
      // common/ is the plain Node layer main and browser mode share (Mattermost's common/).
      name: 'common-below-core',
      comment: 'electron/common has no Electron imports and does not import electron/core.',
      severity: 'error',
      from: { path: '^electron/common/' },
      to: { path: [ELECTRON_PACKAGES, '^electron/(core|main|preload|web)/', '^renderer/'] },
    },
    {
      // Two shells around one core: the desktop app's main and browser mode's bridge (never
      // shipped). Code both need lives in the core, common/ or the shared contract modules.
      name: 'shells-apart',
      comment: 'electron/web does not import electron/main, nor main web.',
      severity: 'error',
      from: { path: '^electron/(main|web)/' },
      to: { path: '^electron/(main|web)/', pathNot: '^electron/$1/' },
    },
    {
      // The renderer is a sandboxed page: it reaches the core only through the preload or the
      // bridge, so all it may share with electron/ is the contract's modules.
      name: 'renderer-only-shared',
      comment: 'The renderer imports from electron/ only the shared contract modules.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^electron/', pathNot: SHARED },
    },
    {
      // The contract holds the zod schemas: a value import would bundle zod into the page.
      name: 'renderer-contract-types-only',
      comment: 'The renderer imports the contract type-only.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: CONTRACT, dependencyTypesNot: ['type-only'] },
    },
    {
      // The shared modules are compiled into the page: they may name another layer's types
      // (erased) but never pull its code in.
      name: 'shared-types-only-from-layers',
      comment: 'The shared contract modules import other layers type-only.',
      severity: 'error',
      from: { path: SHARED },
      to: {
        path: '^(electron/(core|common|main|preload|web|sandbox)|renderer)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shared-no-node',
      comment: 'The shared contract modules run in the page: no Node built-ins.',
      severity: 'error',
      from: { path: SHARED },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-electron',
      comment: 'The shared contract modules run in the page: no Electron.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: ELECTRON_PACKAGES },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: {
      path: '^(dist|release|test-results|playwright-report|i18n/paraglide|[.]tmp)/',
    },
    // See `import type` edges (else they vanish before the cycle and type-only rules look).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.svelte', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
