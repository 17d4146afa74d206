#!/usr/bin/env node
// npm run bench:pipeline — clicks made through the built redirector (wrk, the realistic mix of bench:redirect:
// request-mix.js: 1,000 links, 40,000 requests from about 14,000 addresses), then drained by ONE built worker. Prints the
// redirect rate, the drain rate (clicks/s) and the CPU per click of each process from /proc: redirector, Redis,
// worker and the worker's Postgres backends; checks every click was stored exactly once.
// BENCH_SECONDS (10) of load; BENCH_REDIS_PORT runs a private redis-server there (so its CPU is its own).
// BENCH_RUNS (1) repeats the whole run (a fresh database each time) and ends with the median and range of the ingest
// figures: one run of one build moves by several µs per click on this machine, so compare builds by their medians.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { countQueuedClicks } from './lib/count-clicks.js';
import { cpuMs } from './lib/cpu-time.js';
import { drainAndMeasure } from './lib/drain.js';
import { ensureWrk, runWrk, writeRequestMix } from './lib/wrk.js';
import { benchRedis, uptime } from './lib/system.js';
import { mixSummary, requestMix, seedLinks } from './lib/request-mix.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DIST = new URL('../dist/apps/', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  if (!existsSync(`${DIST}worker/main.js`)) throw new Error('Build first: npm run build:server');
  const wrk = ensureWrk();
  console.log(`start: ${uptime()}`);
  const redisServer = await benchRedis();
  process.env.REDIS_URL = redisServer.url;
  const runs = [];
  try {
    for (let i = 1; i <= RUNS; i++) {
      if (RUNS > 1) console.log(`run ${i} of ${RUNS}`);
      runs.push(await pipelineRun(wrk, redisServer));
    }
  } finally {
    await redisServer.stop();
  }
  if (RUNS > 1) {
    const figures = [
      ['ingest CPU per click (worker + Postgres):', (r) => r.workerUs + r.pgUs, 1, 'µs'],
      ['  worker:', (r) => r.workerUs, 1, 'µs'],
      ['  Postgres:', (r) => r.pgUs, 1, 'µs'],
      ['drain rate:', (r) => r.clicksPerSecond, 0, 'clicks/s'],
    ];
    for (const [name, of, digits, unit] of figures) {
      const xs = runs.map(of);
      console.log(`${name} median ${median(xs).toFixed(digits)} ${unit} (runs ${xs.map((x) => x.toFixed(digits)).join(' / ')})`);
    }
  }
  console.log(`end: ${uptime()}`);
  process.exitCode = runs.every((r) => r.exact) ? 0 : 1;
}

/** One run on a fresh database: clicks made through the redirector, then drained by one worker. Prints its figures. */
async function pipelineRun(wrk, redisServer) {
  const env = await createTempEnv('pipeline');
  const queue = new Queue('clicks', { connection: env.redis, prefix: `${env.prefix}:bull` });
  let worker;
  try {
    const codes = await seedLinks(env.dataSource, 1000);
    const mix = requestMix(codes);
    const script = writeRequestMix(mix);
    console.log(`mix: ${mixSummary(mix)}`);
    const common = { DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, REDIS_PREFIX: env.prefix, LOG_LEVEL: 'warn', METRICS_TOKEN: '' };

    // 1. Clicks through the redirector (no worker yet, so the two phases' CPU is not mixed).
    const port = await freePort();
    const redir = await startProcess(
      `${DIST}redirector/main.js`,
      [],
      { ...common, REDIRECT_PORT: String(port), TRUST_PROXY: '1' },
      `http://127.0.0.1:${port}/healthz`,
    );
    const r0 = { redir: cpuMs(redir.child.pid), redis: cpuMs(redisServer.pid) };
    const run = await runWrk(wrk, { url: `http://127.0.0.1:${port}`, script, connections: CONNECTIONS, seconds: SECONDS });
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const served = Number(/linkpulse_redirects_total\{status="302"\} (\d+)/.exec(text)?.[1]);
    const redirCpu = cpuMs(redir.child.pid) - r0.redir;
    await stopProcess(redir.child); // flushes the last batch
    const redisCpuMaking = cpuMs(redisServer.pid) - r0.redis;
    const queued = await countQueuedClicks(env.redis, env.prefix);
    if (queued.clicks !== served || queued.uniqueIds !== served)
      throw new Error(`${served} redirects but ${queued.clicks} clicks queued (${queued.uniqueIds} ids)`);
    console.log(
      `made: ${fmt(served)} redirects in ${SECONDS} s (${fmt(run.rps)} req/s, p99 ${run.p99.toFixed(2)} ms, wrk ${run.non3xx} non-3xx), ${fmt(queued.jobs)} jobs queued; load ${uptime().replace(/.*load average: /, '')}`,
    );

    // 2. One worker drains them.
    const wport = await freePort();
    const workerArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    worker = spawn(process.execPath, [...workerArgs, `${DIST}worker/main.js`], {
      env: { ...process.env, ...common, WORKER_METRICS_PORT: String(wport) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let redis0 = 0;
    const drained = await drainAndMeasure({ queue, worker, env, atStart: () => (redis0 = cpuMs(redisServer.pid)) });
    const { seconds, workerCpuMs: workerCpu, pgCpuMs: pgCpu, stealPct } = drained;
    const redisCpuDraining = cpuMs(redisServer.pid) - redis0;

    const [row] = await env.dataSource
      .query(`SELECT (SELECT count(*)::int FROM clicks) AS clicks, (SELECT count(DISTINCT id)::int FROM clicks) AS ids,
      (SELECT sum(click_count)::int FROM link_stats) AS stats`);
    const failed = await queue.getFailedCount();
    const perClick = (ms) => (ms * 1000) / served;
    const us = (ms) => perClick(ms).toFixed(1);
    console.log(
      `drained: ${fmt(served)} clicks in ${seconds.toFixed(2)} s by one worker: ${fmt(served / seconds)} clicks/s; load ${uptime().replace(/.*load average: /, '')}, hypervisor steal ${stealPct.toFixed(0)}%`,
    );
    console.log(
      `CPU per click: redirector ${us(redirCpu)} µs, Redis ${us(redisCpuMaking)} µs making + ${us(redisCpuDraining)} µs draining` +
        `${redisServer.shared ? ' (shared Redis: includes other clients)' : ''}, worker ${us(workerCpu)} µs, Postgres ${us(pgCpu)} µs (${drained.backends} backends)` +
        ` → ingest (worker + Postgres) ${us(workerCpu + pgCpu)} µs`,
    );
    console.log(`stored: clicks ${fmt(row.clicks)} (${fmt(row.ids)} distinct ids), link_stats ${fmt(row.stats)}; failed jobs ${failed}`);
    const exact = row.clicks === served && row.ids === served && row.stats === served && failed === 0;
    console.log(exact ? 'every click stored exactly once' : 'MISMATCH: clicks lost or double-counted');
    return { exact, workerUs: perClick(workerCpu), pgUs: perClick(pgCpu), clicksPerSecond: served / seconds };
  } finally {
    if (worker) await stopProcess(worker);
    await queue.close();
    await env.cleanup();
  }
}

main().catch((err) => {
  console.error(`bench:pipeline failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
