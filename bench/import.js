#!/usr/bin/env node
// `npm run bench:import [-- --rows 10000]`: starts the built api and ONE built worker on a throw-away database and
// Redis prefix, registers and approves a user, POSTs a 10 000-row CSV to /api/imports and times 202 → status done
// once the worker is ready (every row through the links' batch create: same aggregate and events per link, links
// projection, redirector cache, webhook outbox). BENCH_CPU_PROF=<dir> writes the worker's CPU profile there.
// Target (docs/product.md#imports-and-exports): 10 000 rows in under 20 s on this machine. Prints rows/s and checks every link exists.
import { cpus, loadavg } from 'node:os';
import { BENCH_ADMIN, createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { apiClient } from './lib/api-client.js';
import { numberArg } from './lib/args.js';
import { builtMains } from './lib/built.js';

const [API, WORKER] = builtMains('api', 'worker');
const ROWS = numberArg('rows', 10_000);

const env = await createTempEnv('import');
const port = await freePort();
const common = env.apiEnv(port);
const base = `http://127.0.0.1:${port}`;
const api = await startProcess(API, [], common, `${base}/api/health/live`);
// BENCH_CPU_PROF=<dir>: the worker (which runs the import) writes a V8 CPU profile there on exit (node --cpu-prof).
const profDir = process.env.BENCH_CPU_PROF;
// The worker is ready once its metrics endpoint answers (it starts after every queue consumer): the clock must not
// count a worker still loading its modules.
const metricsPort = await freePort();
const worker = await startProcess(
  profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, WORKER] : WORKER,
  [],
  { ...common, WORKER_METRICS_PORT: String(metricsPort) },
  `http://127.0.0.1:${metricsPort}/metrics`,
);
const call = apiClient(base);
try {
  const admin = (await call('POST', '/api/auth/login', BENCH_ADMIN)).body.sessionId;
  const reg = (await call('POST', '/api/auth/register', { username: 'bench-importer', password: 'bench-pass-123' })).body;
  await call('POST', `/api/admin/users/${reg.user.id}/approve`, undefined, admin);
  const lines = ['url,code,name,tags'];
  for (let i = 0; i < ROWS; i++) lines.push(`https://example.org/page/${i}?ref=bench,bench-${i},Bench link ${i},bench;import`);
  const content = lines.join('\n') + '\n';
  console.log(`import: ${ROWS} rows, ${(content.length / 1024 / 1024).toFixed(2)} MB CSV`);

  const started = performance.now();
  const accepted = await call('POST', '/api/imports', { format: 'csv', content }, reg.sessionId);
  if (accepted.status !== 202) throw new Error(`POST /api/imports: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const postSeconds = (performance.now() - started) / 1000;
  let result;
  for (;;) {
    result = (await call('GET', `/api/imports/${accepted.body.id}`, undefined, reg.sessionId)).body;
    if (result.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const [{ n }] = await env.dataSource.query('SELECT count(*)::int AS n FROM links');
  console.log(`import: status ${result.status}, created ${result.created}, skipped ${result.skipped.length}, links in the read model ${n}`);
  console.log(`import: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall-clock time grows with it)`);
  console.log(`import: POST answered 202 after ${postSeconds.toFixed(2)} s (file parsed and stored by the api)`);
  console.log(`import: ${seconds.toFixed(2)} s from POST to done = ${Math.round(ROWS / seconds)} rows/s (target: ${ROWS} rows < 20 s)`);
  if (result.created !== ROWS || n !== ROWS) process.exitCode = 1;
} finally {
  await stopProcess(worker.child);
  await stopProcess(api.child);
  await env.cleanup();
}
