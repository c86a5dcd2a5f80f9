/** jest runs the TypeScript sources as ES modules, compiled by SWC (type checking is `npm run typecheck`). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true },
        module: { type: 'es6' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 60_000,
  maxWorkers: 2,
  // Each test file loads the Temporal SDK, Prisma and the app again into a new module registry,
  // and a worker never frees them: past about 1.5 GB of heap, garbage collection slows every later
  // file. A worker over this limit after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
};
