#!/usr/bin/env node
// `npm test`: builds everything (e2e and browser suites run the built processes), then runs every jest project
// and prints one summary line: `Tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync } from 'node:fs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts }).status ?? 1;

const extra = process.argv.slice(2);
if (!process.env.SKIP_BUILD && run('npm', ['run', 'build', '--silent']) !== 0) {
  console.log('Tests: 0 passed, 1 failed (build failed)');
  process.exit(1);
}
// Type-check what the build does not: tests, benchmarks helpers and the web app (Vite strips types without checking).
const typecheck = [
  ['-p', 'tsconfig.json', '--noEmit'],
  ['-p', 'apps/web/tsconfig.json', '--noEmit'],
].map((args) => run(process.execPath, ['node_modules/typescript/bin/tsc', ...args]));
const typeErrors = typecheck.filter((s) => s !== 0).length;
mkdirSync('test-artifacts', { recursive: true });
const out = 'test-artifacts/jest-results.json';
const status = run(process.execPath, [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--json',
  `--outputFile=${out}`,
  '--maxWorkers=2',
  ...extra,
]);
let passed = 0;
let failed = 0;
try {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
} catch {
  failed = 1;
}
if (status !== 0 && failed === 0) failed = 1;
failed += typeErrors;
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
