#!/usr/bin/env node
// `npm run bench:footprint [-- --clicks 50000]`: the storage side of the capacity model (docs/scaling.md).
// Queues N clicks (batches of 500 like the redirector, 100 links, 20 000 IPs) under a throw-away prefix and sums
// MEMORY USAGE of every key of the prefix (Redis bytes per queued click); then one built worker drains the queue and
// it prints, after VACUUM, Postgres bytes per click of `clicks` (every partition, indexes included) and, per rollup
// table, rows per click and bytes per row (heap + indexes). Build first: npm run build:server.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { numberArg } from './lib/args.js';
import { keyBatchesUnder } from './lib/redis-keys.js';
import { createTempEnv } from './lib/temp-env.js';
import { stopProcess } from './lib/processes.js';
import { builtMains } from './lib/built.js';
import { CompactBatchWriter, ROLLUP_TABLES } from '../dist/libs/clicks/src/index.js';

const [WORKER] = builtMains('worker');
const CLICKS = numberArg('clicks', 50_000);
const BATCH = 500;
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
// Every rollup of the clicks lib's manifest, the IP-summary ones kept by triggers included.
const ROLLUPS = Object.keys(ROLLUP_TABLES);

const env = await createTempEnv('footprint');
let worker;
try {
  const links = [];
  for (let n = 0; n < 100; n++) links.push(await env.seedLink(`fp${n}`, `https://example.com/${n}`));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const ips = Array.from(
    { length: 20_000 },
    () => `${1 + Math.floor(rand() * 222)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`,
  );
  const now = Date.now();
  const queue = new Queue('clicks', { connection: env.redis, prefix: `${env.prefix}:bull` });
  for (let b = 0; b < CLICKS; b += BATCH) {
    // The compact encoding the redirector queues (one dictionary per batch, one text row per click).
    const batch = new CompactBatchWriter();
    for (let i = 0; i < Math.min(BATCH, CLICKS - b); i++) {
      const link = links[Math.floor(rand() * links.length)];
      const at = now - Math.floor(rand() * 7 * 86_400_000);
      const ip = ips[Math.floor(rand() * ips.length)];
      const agent = AGENTS[Math.floor(rand() * AGENTS.length)];
      batch.add(link, at, ip, agent, rand() < 0.5 ? '' : 'https://www.google.com/', 'lp.example', false, -1);
    }
    await queue.add('batch', batch.finish(randomUUID()), {
      jobId: randomUUID(),
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: false,
    });
  }
  let redisBytes = 0;
  for await (const keys of keyBatchesUnder(env.redis, env.prefix)) {
    for (const k of keys) redisBytes += Number(await env.redis.memory('USAGE', k, 'SAMPLES', 0)) || 0;
  }
  console.log(
    `redis: ${CLICKS} queued clicks in ${CLICKS / BATCH} jobs use ${(redisBytes / 1048576).toFixed(1)} MiB: ${Math.round(redisBytes / CLICKS)} bytes per queued click`,
  );

  worker = spawn(process.execPath, [WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.prefix,
      LOG_LEVEL: 'warn',
      WORKER_METRICS_PORT: '0',
    },
    stdio: 'inherit',
  });
  for (;;) {
    const [{ n }] = await env.dataSource.query('SELECT coalesce(sum(click_count), 0)::int AS n FROM link_stats');
    if (n >= CLICKS) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await stopProcess(worker);
  worker = undefined;
  await queue.close();

  await env.dataSource.query('VACUUM ANALYZE');
  const [c] = await env.dataSource.query(
    `SELECT sum(pg_total_relation_size(relid))::bigint AS bytes, (SELECT count(*) FROM clicks)::int AS n FROM pg_partition_tree('clicks')`,
  );
  console.log(`postgres clicks: ${c.n} rows, ${(c.bytes / 1048576).toFixed(1)} MiB with indexes: ${Math.round(c.bytes / c.n)} bytes per click`);
  let rollupBytes = 0;
  console.log('table                 rows   rows/click  bytes/row');
  for (const t of ROLLUPS) {
    const [r] = await env.dataSource.query(`SELECT pg_total_relation_size('${t}')::bigint AS bytes, (SELECT count(*) FROM ${t})::int AS n`);
    rollupBytes += Number(r.bytes);
    console.log(
      `${t.padEnd(20)}${String(r.n).padStart(7)}${(r.n / CLICKS).toFixed(3).padStart(12)}${String(Math.round(r.bytes / Math.max(r.n, 1))).padStart(11)}`,
    );
  }
  console.log(
    `rollups total: ${(rollupBytes / 1048576).toFixed(1)} MiB = ${Math.round(rollupBytes / CLICKS)} bytes per click at this mix (they grow with distinct link × bucket × place, not with clicks)`,
  );
} finally {
  if (worker) await stopProcess(worker);
  await env.cleanup();
}
