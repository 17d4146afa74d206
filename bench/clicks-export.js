#!/usr/bin/env node
// `npm run bench:clicks-export [-- --clicks 1000000]`: one link with 1 000 000 raw clicks (inserted by SQL) on a
// throw-away database, the built api as its own process, and GET /api/links/{id}/clicks?format=csv read to the end
// while the api's resident memory (VmRSS of /proc/<pid>/status) is sampled every 500 ms. The export streams from a
// server-side cursor, so the RSS must stay flat (no growth with the row count). Prints the RSS timeline and rows/s.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { BENCH_ADMIN, createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { apiClient } from './lib/api-client.js';
import { numberArg } from './lib/args.js';
import { builtMains } from './lib/built.js';

const [API] = builtMains('api');
const CLICKS = numberArg('clicks', 1_000_000);
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const env = await createTempEnv('clicks_export');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const api = await startProcess(API, [], env.apiEnv(port), `${base}/api/health/live`);
const call = apiClient(base);
try {
  const session = (await call('POST', '/api/auth/login', BENCH_ADMIN)).body.sessionId;
  const link = (await call('POST', '/api/links', { originalUrl: 'https://example.org/export-bench', shortCode: 'export-bench' }, session)).body;
  const owner = (await env.dataSource.query('SELECT owner_id FROM links WHERE id = $1', [link.id]))[0].owner_id;
  let t = performance.now();
  await env.dataSource.query(
    `INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, country, city, browser, os, device, referrer, is_bot)
     SELECT gen_random_uuid(), $1, $2, timestamptz '2025-01-01' + make_interval(secs => g), '10.0.' || (g % 250) || '.' || (g % 199),
            (ARRAY['Germany','France','United Kingdom',NULL])[1 + g % 4], (ARRAY['Berlin','Paris','London',NULL])[1 + g % 4],
            'Chrome', 'Windows', 'desktop', (ARRAY['google.com',NULL,'=cmd'])[1 + g % 3], g % 10 = 0
       FROM generate_series(1, $3) AS g`,
    [link.id, owner, CLICKS],
  );
  console.log(`clicks-export: ${CLICKS} clicks inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const pid = api.child.pid;
  const samples = [];
  const idle = rssMb(pid);
  const sampler = setInterval(() => samples.push(rssMb(pid)), 500);
  t = performance.now();
  const res = await fetch(`${base}/api/links/${link.id}/clicks?format=csv`, { headers: { authorization: `Bearer ${session}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `clicks-export: HTTP ${res.status}, ${lines - 1} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s = ${Math.round((lines - 1) / seconds)} rows/s`,
  );
  console.log(`clicks-export: api RSS before ${idle.toFixed(0)} MB; during (every 500 ms): ${samples.map((m) => m.toFixed(0)).join(' ')} MB`);
  console.log(
    `clicks-export: RSS max ${Math.max(...samples).toFixed(0)} MB, growth over idle ${(Math.max(...samples) - idle).toFixed(0)} MB; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  if (lines - 1 !== CLICKS) process.exitCode = 1;
} finally {
  await stopProcess(api.child);
  await env.cleanup();
}
