// npm run bench:redirect — the built redirector against a bare node:http 302 server under wrk (the C load
// generator, so the load generator does not hold both servers back), alternating rounds in one run.
// The mix is realistic (request-mix.js): 1,000 links, 40,000 requests from about 14,000 client addresses in
// X-Forwarded-For (TRUST_PROXY=1), most in 200 common places, several user agents and referers. Prints both servers' req/s and p99 per round, the ratio, each process's CPU per request (/proc), and
// checks that every redirect became exactly one queued click (no worker drains the queue here).
// BENCH_ROUNDS (8), BENCH_SECONDS (4), BENCH_CONNECTIONS (50); BENCH_REDIS_PORT runs a private redis-server there
// so its CPU can be read alone; BENCH_REDIRECTOR_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p") profiles it.
import { existsSync } from 'node:fs';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { countQueuedClicks } from './lib/count-clicks.js';
import { cpuMs, cpuMsSplit } from './lib/cpu-time.js';
import { ensureWrk, runWrk, writeRequestMix } from './lib/wrk.js';
import { benchRedis, stealMeter, uptime } from './lib/system.js';
import { mixSummary, requestMix, seedLinks } from './lib/request-mix.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LINKS = 1000;
const REDIRECTOR = 'dist/apps/redirector/main.js';

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const range = (xs, digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** The redirector's own count of 302s (linkpulse_redirects_total{status="302"}). */
async function redirectsServed(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/linkpulse_redirects_total\{status="302"\} (\d+)/.exec(text)?.[1] ?? NaN);
}

async function main() {
  if (!existsSync(REDIRECTOR)) throw new Error(`${REDIRECTOR} is missing: run npm run build:server first`);
  const wrk = ensureWrk();
  console.log(`start: ${uptime()}`);
  const redisServer = await benchRedis();
  process.env.REDIS_URL = redisServer.url;
  const env = await createTempEnv('redirect');
  const children = [];
  try {
    const codes = await seedLinks(env.dataSource, LINKS);
    const mix = requestMix(codes);
    const script = writeRequestMix(mix);
    const barePort = await freePort();
    const redirPort = await freePort();
    const bare = await startProcess('bench/lib/bare-302-server.js', [String(barePort)], {}, `http://127.0.0.1:${barePort}/`);
    children.push(bare.child);
    const nodeArgs = (process.env.BENCH_REDIRECTOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const redir = await startProcess(
      [...nodeArgs, REDIRECTOR],
      [],
      {
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: env.prefix,
        REDIRECT_PORT: String(redirPort),
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: '',
      },
      `http://127.0.0.1:${redirPort}/healthz`,
    );
    children.push(redir.child);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const redirUrl = `http://127.0.0.1:${redirPort}`;

    const first = await fetch(`${redirUrl}/s/${codes[0]}`, { redirect: 'manual' });
    if (first.status !== 302) throw new Error(`warm-up answered ${first.status}, expected 302`);

    // Warm both (JIT, every link into the LRU).
    await runWrk(wrk, { url: bareUrl, script, connections: CONNECTIONS, seconds: 2 });
    const warm = await runWrk(wrk, { url: redirUrl, script, connections: CONNECTIONS, seconds: 2 });
    if (warm.non3xx || warm.socketErrors) throw new Error(`warm-up: ${warm.non3xx} answers not 3xx, ${warm.socketErrors} socket errors`);
    console.log(`redirect bench (wrk): ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections, 1 wrk thread, ${mixSummary(mix)}`);
    console.log(
      `Redis: ${redisServer.shared ? `shared server pid ${redisServer.pid} (its CPU includes other clients)` : `private redis-server pid ${redisServer.pid} on ${redisServer.url}`}`,
    );

    const measure = async (url, pid) => {
      const pids = { server: pid, redis: redisServer.pid };
      const before = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)]));
      const splitBefore = cpuMsSplit(pid);
      const steal = stealMeter();
      const run = await runWrk(wrk, { url, script, connections: CONNECTIONS, seconds: SECONDS });
      const stealPct = steal();
      const after = Object.fromEntries(Object.entries(pids).map(([k, p]) => [k, cpuMs(p)]));
      const splitAfter = cpuMsSplit(pid);
      const us = (k) => ((after[k] - before[k]) * 1000) / run.total;
      const mainUs = ((splitAfter.main - splitBefore.main) * 1000) / run.total;
      return { ...run, serverUs: us('server'), mainUs, redisUs: us('redis'), wrkUs: (run.wrkCpuMs * 1000) / run.total, stealPct };
    };
    const bareRuns = [];
    const redirRuns = [];
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
      if (r.non3xx || r.socketErrors)
        throw new Error(`round ${i}: redirector gave ${r.non3xx} answers that were not 3xx, ${r.socketErrors} socket errors`);
      console.log(
        `  round ${i}: bare ${fmt(b.rps)} req/s p99 ${b.p99.toFixed(2)} ms | redirector ${fmt(r.rps)} req/s p99 ${r.p99.toFixed(2)} ms | ratio ${(r.rps / b.rps).toFixed(2)}` +
          ` | CPU µs/req bare ${b.serverUs.toFixed(1)}, redirector ${r.serverUs.toFixed(1)} (main thread ${r.mainUs.toFixed(1)}) + Redis ${r.redisUs.toFixed(1)}` +
          ` | steal ${b.stealPct.toFixed(0)}% / ${r.stealPct.toFixed(0)}% | load ${uptime().replace(/.*load average: /, '')}`,
      );
    }
    const mean = (runs, k) => runs.reduce((a, r) => a + r[k], 0) / runs.length;
    const ratios = redirRuns.map((r, i) => r.rps / bareRuns[i].rps).sort((a, b) => a - b);
    const median = ratios.length % 2 ? ratios[(ratios.length - 1) / 2] : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;

    // Nothing lost: the redirector's own count of 302s against the clicks in the queue after a SIGTERM flush.
    const served = await redirectsServed(redirPort);
    const exitCode = await stopProcess(redir.child);
    const queued = await countQueuedClicks(env.redis, env.prefix);
    const wrkTotal = [warm, ...redirRuns].reduce((a, r) => a + r.total, 0) + 1;
    const exact = queued.clicks === served && queued.uniqueIds === served && served >= wrkTotal;

    console.log('');
    console.log(
      `bare node:http 302   ${fmt(mean(bareRuns, 'rps'))} req/s (rounds ${range(bareRuns.map((r) => r.rps))})  p99 ${range(
        bareRuns.map((r) => r.p99),
        2,
      )} ms  CPU ${mean(bareRuns, 'serverUs').toFixed(1)} µs/request (wrk ${mean(bareRuns, 'wrkUs').toFixed(1)})`,
    );
    console.log(
      `redirector           ${fmt(mean(redirRuns, 'rps'))} req/s (rounds ${range(redirRuns.map((r) => r.rps))})  p99 ${range(
        redirRuns.map((r) => r.p99),
        2,
      )} ms  CPU ${mean(redirRuns, 'serverUs').toFixed(1)} µs/request (main thread ${mean(redirRuns, 'mainUs').toFixed(1)}, bare's ${mean(bareRuns, 'mainUs').toFixed(1)}) + Redis ${mean(redirRuns, 'redisUs').toFixed(1)} µs (wrk ${mean(redirRuns, 'wrkUs').toFixed(1)})`,
    );
    console.log(
      `ratio                ${(mean(redirRuns, 'rps') / mean(bareRuns, 'rps')).toFixed(2)} of the mean rates, median of rounds ${median.toFixed(2)}, rounds ${range(ratios, 2)}  (target >= 0.80, p99 <= 5 ms)`,
    );
    console.log(
      `clicks               ${fmt(served)} redirects served (wrk saw ${fmt(wrkTotal)} answered) → ${fmt(queued.clicks)} clicks in ${fmt(queued.jobs)} jobs, ${fmt(queued.uniqueIds)} unique ids: ${exact ? 'every redirect queued exactly once' : 'MISMATCH'}`,
    );
    console.log(`end: ${uptime()}`);
    if (exitCode !== 0) console.log(`redirector exited with ${exitCode}:\n${redir.output()}`);
    process.exitCode = exact ? 0 : 1;
  } finally {
    await Promise.all(children.map((c) => stopProcess(c)));
    await env.cleanup();
    await redisServer.stop();
  }
}

main().catch((err) => {
  console.error(`bench:redirect failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
