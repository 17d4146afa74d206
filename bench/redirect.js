// npm run bench:redirect — the built redirector against a bare node:http 302 server, alternating rounds at
// 50 connections against one warmed link, then checks that every redirect became exactly one queued click.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { countQueuedClicks } from './lib/count-clicks.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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
    for (let i = 1; i <= ROUNDS; i++) {
      const b = await load(bareUrl, amount);
      const r = await load(redirUrl, amount);
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

    // Drain: SIGTERM makes the redirector flush its click batches, then count them in the queue.
    const exitCode = await stopProcess(redir.child);
    const queued = await countQueuedClicks(env.redis, env.prefix);
    const exact = queued.clicks === expectedClicks && queued.uniqueIds === expectedClicks;

    console.log('');
    console.log(`bare node:http 302   ${fmt(bareRps)} req/s`);
    console.log(`redirector           ${fmt(redirRps)} req/s  p99 ${p99} ms (worst round)`);
    console.log(`ratio                ${(redirRps / bareRps).toFixed(2)}  (target >= 0.80)`);
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
