// Native ES modules (oidc-provider and the MCP SDK ship only ESM): jest runs with
// --experimental-vm-modules and @swc/jest strips types without changing the module system.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
    // Web pages are TSX components on Preact's automatic JSX runtime (as tsconfig.json says).
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic', importSource: 'preact' } } },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/helpers/globalSetup.ts',
  globalTeardown: '<rootDir>/tests/helpers/globalTeardown.ts',
  testTimeout: 20000,
  // Test files run in a worker process that is replaced once it holds more than this after a file:
  // native ES modules in vm contexts are not all released between files, and a whole run in one
  // process (Jest's choice on a two-core machine) grows past Node's heap limit.
  workerIdleMemoryLimit: '1GB',
};
