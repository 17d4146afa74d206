#!/usr/bin/env node
// `npm run bench`: builds once, then runs every benchmark in turn. Each prints ratios and figures measured in its own run.
import { spawnSync } from 'node:child_process';

const run = (args) => spawnSync('npm', args, { stdio: 'inherit' }).status ?? 1;
if (run(['run', 'build:server', '--silent']) !== 0) process.exit(1);
let failed = 0;
for (const name of ['bench:redirect', 'bench:ingest', 'bench:analytics']) {
  console.log(`\n=== npm run ${name} ===`);
  if (run(['run', name, '--silent']) !== 0) failed++;
}
process.exit(failed ? 1 : 0);
