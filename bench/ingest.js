#!/usr/bin/env node
// `npm run bench:ingest [-- --clicks 200000] [-- --concurrency 4]`: fills queue `clicks` of a throw-away prefix with
// 200 000 clicks (100 links, 20 000 IPs, ~300 user agents, batches of 500 like the redirector makes), then starts ONE
// built worker process (dist/apps/worker/main.js) and times it draining the queue: validation, GeoLite2/UA enrichment,
// the click insert and every rollup. Prints clicks/s and checks every click was stored exactly once.
// Target: ≥ 20 000 clicks/s on this machine.
// The machine is shared, so wall-clock rates move with the load: it also prints the CPU time per click of the worker
// process and of its Postgres backends (/proc/<pid>/stat of the pids pg_stat_activity names 'linkpulse-worker' in the
// bench database), which does not depend on how busy the other processes are.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { createTempEnv } from './lib/temp-env.js';
import { stopProcess } from './lib/processes.js';
import { drainAndMeasure } from './lib/drain.js';
import { cpus, loadavg } from 'node:os';
import { randomIpv4, rng } from './lib/random.js';
import { numberArg } from './lib/args.js';
import { builtMains } from './lib/built.js';
import { CompactBatchWriter } from '../dist/libs/clicks/src/index.js';

const [WORKER] = builtMains('worker');
const CLICKS = numberArg('clicks', 200_000);
const CONCURRENCY = numberArg('concurrency', 32); // the WORKER_CONCURRENCY default
const BATCH = 500;
const LINKS = 100;

const rand = rng(42);
const pick = (list) => list[Math.floor(rand() * list.length)];
const IPS = Array.from({ length: 20_000 }, () => randomIpv4(rand));
const AGENTS = [];
for (let v = 100; v < 150; v++) {
  AGENTS.push(
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
    `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`,
    `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
    `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${v % 8} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${v % 8} Mobile/15E148 Safari/604.1`,
    `Mozilla/5.0 (iPad; CPU OS 16_${v % 8} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.${v % 8} Mobile/15E148 Safari/604.1`,
  );
}
AGENTS.push('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', '');
const REFERERS = [
  '',
  '',
  '',
  'https://www.google.com/',
  'https://t.co/x',
  'https://www.facebook.com/',
  'https://news.ycombinator.com/item?id=1',
  'https://www.reddit.com/r/x',
  'https://linkedin.com/feed',
];

const env = await createTempEnv('ingest');
const queue = new Queue('clicks', { connection: env.redis, prefix: `${env.prefix}:bull` });
let worker;
try {
  const owners = Array.from({ length: 10 }, () => randomUUID());
  const links = Array.from({ length: LINKS }, (_, i) => ({ id: randomUUID(), owner: owners[i % owners.length] }));
  await env.dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
     SELECT id, owner_id, 'Bench ' || n, 'bench' || n, 'https://example.com/' || n, now(), now()
     FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS x(id, owner_id, n)`,
    [links.map((l) => l.id), links.map((l) => l.owner)],
  );

  // Clicks of the last two hours, in time order, like live traffic.
  const start = Date.now() - 2 * 3600_000;
  const step = (2 * 3600_000) / CLICKS;
  const t0 = Date.now();
  for (let i = 0; i < CLICKS; i += BATCH * 20) {
    const jobs = [];
    for (let j = i; j < Math.min(CLICKS, i + BATCH * 20); j += BATCH) {
      // The compact encoding the redirector queues, so the worker decodes what it decodes in production.
      const batch = new CompactBatchWriter();
      for (let k = j; k < Math.min(CLICKS, j + BATCH); k++) {
        const linkId = pick(links).id;
        const at = Math.floor(start + k * step);
        const ip = pick(IPS);
        const agent = pick(AGENTS);
        batch.add(linkId, at, ip, agent, pick(REFERERS), 'localhost:8080', false, -1);
      }
      jobs.push({ name: 'batch', data: batch.finish(randomUUID()), opts: { jobId: randomUUID(), removeOnComplete: true, attempts: 10 } });
    }
    await queue.addBulk(jobs);
  }
  console.log(`queued ${CLICKS} clicks in ${Math.ceil(CLICKS / BATCH)} jobs (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  // BENCH_WORKER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the worker.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  worker = spawn(process.execPath, [...nodeArgs, WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.prefix,
      WORKER_CONCURRENCY: String(CONCURRENCY),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let load0 = 0;
  const drained = await drainAndMeasure({ queue, worker, env, atStart: () => (load0 = loadavg()[0]) });
  const { seconds, workerCpuMs: workerCpu, pgCpuMs: pgCpu, stealPct } = drained;
  const load1 = loadavg()[0];

  // Bot clicks are stored but counted nowhere (docs/product.md#link-controls): the rollups hold the people's clicks.
  const [row] = await env.dataSource.query(`SELECT (SELECT count(*)::int FROM clicks) AS clicks,
    (SELECT count(*)::int FROM clicks WHERE NOT is_bot) AS people,
    (SELECT sum(click_count)::int FROM link_stats) AS stats, (SELECT sum(clicks)::int FROM link_clicks_15m) AS buckets,
    (SELECT sum(click_count)::int FROM ips) AS ips, (SELECT count(*)::int FROM ips) AS distinct_ips`);
  const failed = await queue.getFailedCount();
  const rate = Math.round(CLICKS / seconds);
  console.log(`worker drained ${CLICKS} clicks in ${seconds.toFixed(2)} s: ${rate} clicks/s (concurrency ${CONCURRENCY}, target ≥ 20000)`);
  const perClick = (ms) => ((ms * 1000) / CLICKS).toFixed(1);
  console.log(
    `CPU per click: worker ${perClick(workerCpu)} µs + Postgres ${perClick(pgCpu)} µs (${drained.backends} backends) = ${perClick(workerCpu + pgCpu)} µs` +
      `; CPU ceiling on an idle machine: ${Math.round((CLICKS * 1000) / workerCpu)} clicks/s for the one-threaded worker,` +
      ` ${Math.round((cpus().length * CLICKS * 1000) / (workerCpu + pgCpu))} clicks/s for all ${cpus().length} cores; load average ${load0.toFixed(1)} → ${load1.toFixed(1)}, hypervisor steal ${stealPct.toFixed(0)}%`,
  );
  console.log(
    `stored: clicks ${row.clicks} (${row.people} not bots), link_stats ${row.stats}, 15-minute buckets ${row.buckets}, ips ${row.ips} over ${row.distinct_ips} addresses; failed jobs ${failed}`,
  );
  const exact = row.clicks === CLICKS && [row.stats, row.buckets, row.ips].every((n) => n === row.people) && failed === 0;
  console.log(exact ? 'every click stored exactly once' : 'MISMATCH: clicks lost or double-counted');
  process.exitCode = exact ? 0 : 1;
} finally {
  if (worker) await stopProcess(worker);
  await queue.close();
  await env.cleanup();
}
