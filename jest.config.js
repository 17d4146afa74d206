/** Jest projects: unit (pure logic), web (jsdom components), integration (real Postgres/Redis), e2e (built processes), browser (Chromium). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];
const base = {
  rootDir: '.',
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@app/(.*)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};
export default {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/apps/web/'],
    },
    {
      ...base,
      displayName: 'web',
      // Component tests render whole pages; on a loaded 2-core machine some take longer than jest's 5 s default. A
      // per-project `testTimeout` here is ignored by jest, so apps/web/test/setup.ts sets 20 s.
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/apps/web/**/*.spec.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/apps/web/test/setup.ts'],
      moduleNameMapper: { ...base.moduleNameMapper, '\\.(css|svg|png)$': '<rootDir>/apps/web/test/file-stub.cjs' },
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{apps,libs,test}/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeouts.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeouts-long.ts'],
    },
    {
      ...base,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/timeouts-long.ts'],
    },
  ],
};
