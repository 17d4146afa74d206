// npm run bench:redirect — the built redirector against a bare node:http 302 server, alternating rounds at
// 50 connections against one warmed link, then checks that every redirect became exactly one queued click.
// Short rounds in alternating order keep the comparison fair on a machine shared with other work; the CPU time
// each server spends per request (from /proc) is printed too, as it hardly depends on that other work.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { countQueuedClicks } from './lib/count-clicks.js';
import { cpuMs } from './lib/cpu-time.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = 50;
const REDIRECTOR = 'dist/apps/redirector/main.js';

/** Exactly `amount` requests (so every request is answered and can be counted); req/s from the last response. */
function load(url, amount) {
  return new Promise((resolve, reject) => {
    let last = 0;
    const start = performance.now();
    const instance = autocannon({ url, connections: CONNECTIONS, amount, timeout: 10 }, (err, result) => {
      if (err) return reject(err);
      const seconds = (last - start) / 1000;
      resolve({ rps: amount / seconds, p99: result.latency.p99, redirects: result['3xx'], errors: result.errors + result.timeouts, other: result.non2xx - result['3xx'] });
    });
    instance.on('response', () => (last = performance.now()));
  });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function main() {
  if (!existsSync(REDIRECTOR)) throw new Error(`${REDIRECTOR} is missing: run npm run build:server first`);
  const env = await createTempEnv('redirect');
  const children = [];
  try {
    await env.seedLink('bench', 'https://example.com/landing');
    const barePort = await freePort();
    const redirPort = await freePort();
    const bare = await startProcess('bench/lib/bare-302-server.js', [String(barePort)], {}, `http://127.0.0.1:${barePort}/`);
    children.push(bare.child);
    const redir = await startProcess(
      REDIRECTOR,
      [],
      { DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, REDIS_PREFIX: env.prefix, REDIRECT_PORT: String(redirPort), LOG_LEVEL: 'warn' },
      `http://127.0.0.1:${redirPort}/healthz`,
    );
    children.push(redir.child);
    const bareUrl = `http://127.0.0.1:${barePort}/s/bench`;
    const redirUrl = `http://127.0.0.1:${redirPort}/s/bench`;

    const first = await fetch(redirUrl, { redirect: 'manual' });
    if (first.status !== 302) throw new Error(`warm-up answered ${first.status}, expected 302`);
    let expectedClicks = 1;

    // Warm both (JIT, LRU), and size the rounds from the bare server's rate.
    const calib = await load(bareUrl, 20_000);
    const warm = await load(redirUrl, 20_000);
    expectedClicks += warm.redirects;
    const amount = Math.max(10_000, Math.round((calib.rps * SECONDS) / 1000) * 1000);
    console.log(`redirect bench: ${ROUNDS} alternating rounds of ${fmt(amount)} requests (~${SECONDS} s), ${CONNECTIONS} connections, one warmed link`);

    const bareRuns = [];
    const redirRuns = [];
    const measure = async (url, pid) => {
      const cpu0 = cpuMs(pid);
      const run = await load(url, amount);
      const cpu1 = cpuMs(pid);
      return { ...run, cpuMs: cpu0 === null ? NaN : cpu1 - cpu0 };
    };
    for (let i = 1; i <= ROUNDS; i++) {
      // Alternate which one goes first, so a drift in the machine's load does not favour either.
      let b, r;
      if (i % 2) {
        b = await measure(bareUrl, bare.child.pid);
        r = await measure(redirUrl, redir.child.pid);
      } else {
        r = await measure(redirUrl, redir.child.pid);
        b = await measure(bareUrl, bare.child.pid);
      }
      bareRuns.push(b);
      redirRuns.push(r);
      expectedClicks += r.redirects;
      if (r.errors || r.other || r.redirects !== amount) throw new Error(`round ${i}: redirector gave ${r.redirects} redirects, ${r.other} other statuses, ${r.errors} errors`);
      console.log(`  round ${i}: bare ${fmt(b.rps)} req/s (p99 ${b.p99} ms) | redirector ${fmt(r.rps)} req/s (p99 ${r.p99} ms) | ratio ${(r.rps / b.rps).toFixed(2)}`);
    }
    const sum = (runs, k) => runs.reduce((a, r) => a + r[k], 0);
    const bareRps = sum(bareRuns, 'rps') / ROUNDS;
    const redirRps = sum(redirRuns, 'rps') / ROUNDS;
    const p99 = Math.max(...redirRuns.map((r) => r.p99));
    const bareP99 = Math.max(...bareRuns.map((r) => r.p99));
    const ratios = redirRuns.map((r, i) => r.rps / bareRuns[i].rps).sort((a, b) => a - b);
    const median = ratios.length % 2 ? ratios[(ratios.length - 1) / 2] : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
    const usPerReq = (runs) => (sum(runs, 'cpuMs') * 1000) / (amount * ROUNDS);

    // Drain: SIGTERM makes the redirector flush its click batches, then count them in the queue.
    const exitCode = await stopProcess(redir.child);
    const queued = await countQueuedClicks(env.redis, env.prefix);
    const exact = queued.clicks === expectedClicks && queued.uniqueIds === expectedClicks;

    console.log('');
    console.log(`bare node:http 302   ${fmt(bareRps)} req/s  p99 ${bareP99} ms (worst round)  CPU ${usPerReq(bareRuns).toFixed(1)} µs/request`);
    console.log(`redirector           ${fmt(redirRps)} req/s  p99 ${p99} ms (worst round)  CPU ${usPerReq(redirRuns).toFixed(1)} µs/request`);
    console.log(`ratio                ${(redirRps / bareRps).toFixed(2)} of the mean rates, ${median.toFixed(2)} median of the rounds  (target >= 0.80)`);
    console.log(`CPU ratio            ${(usPerReq(bareRuns) / usPerReq(redirRuns)).toFixed(2)}  (bare CPU per request / redirector CPU per request)`);
    console.log(
      `clicks               ${fmt(expectedClicks)} redirects → ${fmt(queued.clicks)} clicks in ${fmt(queued.jobs)} jobs, ${fmt(queued.uniqueIds)} unique ids: ${exact ? 'every redirect counted exactly once' : 'MISMATCH'}`,
    );
    if (exitCode !== 0) console.log(`redirector exited with ${exitCode}:\n${redir.output()}`);
    process.exitCode = exact ? 0 : 1;
  } finally {
    await Promise.all(children.map((c) => stopProcess(c)));
    await env.cleanup();
  }
}

main().catch((err) => {
  console.error(`bench:redirect failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
