// npm run bench:soak [-- --minutes N] — the built redirector, worker and api on a temp database and Redis prefix:
// measure the redirect capacity (5 s), then hold HALF that rate for N minutes (default 5), printing p99 latency,
// req/s and the pipeline's state (from the processes' own /metrics) each minute, the memory (VmRSS) of each process
// at start and end (growth ≤ 20% over the steady phase), and, after draining, clicks sent = clicks counted in Postgres.
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { numberArg } from './lib/args.js';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';

const MINUTES = numberArg('minutes', 5);
const CAPACITY_SECONDS = numberArg('capacity-seconds', 5);
const CONNECTIONS = 50;
const STEADY_CONNECTIONS = 20;
const MAX_GROWTH = 0.2;
const WARMUP_SECONDS = numberArg('warmup-seconds', 30);
const DRAIN_TIMEOUT_MS = 180_000;
const ENTRIES = { redirector: 'dist/apps/redirector/main.js', worker: 'dist/apps/worker/main.js', api: 'dist/apps/api/main.js' };

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const mb = (kb) => (kb / 1024).toFixed(1);

/** Resident memory of a process in kB, from /proc/<pid>/status (Linux). */
function rssKb(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** One sample of a Prometheus text page; NaN when absent. */
async function metric(url, series) {
  try {
    const page = await (await fetch(url)).text();
    const line = page.split('\n').find((l) => l.startsWith(series + ' '));
    return line === undefined ? NaN : Number(line.slice(series.length + 1));
  } catch {
    return NaN;
  }
}

/**
 * Exactly `amount` requests (a run cut by a duration would leave answered requests uncounted by the client);
 * `rps` from the time of the last response.
 */
function run(opts) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let last = t0;
    const instance = autocannon({ timeout: 10, ...opts }, (err, r) =>
      err ? reject(err) : resolve({ ...r, rps: opts.amount / ((last - t0) / 1000), seconds: (last - t0) / 1000 }),
    );
    instance.on('response', () => (last = performance.now()));
  });
}
/** Clicks a run minted: redirects (3xx) and crawler previews (2xx). */
const clicksOf = (r) => r['2xx'] + r['3xx'];

async function main() {
  for (const entry of Object.values(ENTRIES)) if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build:server first`);
  const env = await createTempEnv('soak');
  const procs = {};
  try {
    const linkId = await env.seedLink('soak', 'https://example.com/soak-landing');
    const ports = { redirector: await freePort(), worker: await freePort(), api: await freePort() };
    const common = { DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, REDIS_PREFIX: env.prefix, LOG_LEVEL: 'warn' };
    procs.redirector = await startProcess(
      ENTRIES.redirector,
      [],
      { ...common, REDIRECT_PORT: String(ports.redirector) },
      `http://127.0.0.1:${ports.redirector}/healthz`,
    );
    procs.worker = await startProcess(
      ENTRIES.worker,
      [],
      { ...common, WORKER_METRICS_PORT: String(ports.worker) },
      `http://127.0.0.1:${ports.worker}/metrics`,
    );
    procs.api = await startProcess(
      ENTRIES.api,
      [],
      { ...common, API_PORT: String(ports.api), ADMIN_PASSWORD: 'soak-admin-password-1' },
      `http://127.0.0.1:${ports.api}/api/health/live`,
    );
    const metricsUrl = {
      redirector: `http://127.0.0.1:${ports.redirector}/metrics`,
      worker: `http://127.0.0.1:${ports.worker}/metrics`,
      api: `http://127.0.0.1:${ports.api}/metrics`,
    };
    const url = `http://127.0.0.1:${ports.redirector}/s/soak`;
    const rss = () => Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, rssKb(p.child.pid)]));
    const boot = rss();

    let sent = 0;
    const first = await fetch(url, { redirect: 'manual' });
    if (first.status !== 302) throw new Error(`warm-up answered ${first.status}, expected 302`);
    sent++;

    // Warm (JIT, LRU), estimate roughly, then a run of about CAPACITY_SECONDS at full speed.
    const warm = await run({ url, connections: CONNECTIONS, amount: 5000 });
    sent += clicksOf(warm);
    const calib = await run({ url, connections: CONNECTIONS, amount: Math.max(5000, Math.round(warm.rps / 1000) * 1000) });
    sent += clicksOf(calib);
    const cap = await run({ url, connections: CONNECTIONS, amount: Math.round((calib.rps * CAPACITY_SECONDS) / 1000) * 1000 });
    sent += clicksOf(cap);
    const capacity = cap.rps;
    const rate = Math.max(100, Math.round(capacity / 2));
    console.log(
      `soak bench: capacity ${fmt(capacity)} req/s (${fmt(cap.requests.total)} requests in ${cap.seconds.toFixed(1)} s, ${CONNECTIONS} connections, p99 ${cap.latency.p99} ms)`,
    );
    console.log(
      `steady load: ${fmt(rate)} req/s (half) for ${WARMUP_SECONDS} s of warm-up + ${MINUTES} min on ${STEADY_CONNECTIONS} connections, one link`,
    );

    // The steady phase's memory baseline is taken after WARMUP_SECONDS at the steady rate, once the JIT, the heaps
    // and the connection pools have settled (the boot figure is printed too).
    const warmSteady = await run({ url, connections: STEADY_CONNECTIONS, overallRate: rate, amount: rate * WARMUP_SECONDS });
    sent += clicksOf(warmSteady);
    const start = rss();
    console.log(`\n  minute   req/s    p99 ms   errors   worker ingested   queue waiting   redirector buffered`);
    let errors = 0;
    for (let m = 1; m <= MINUTES; m++) {
      const r = await run({ url, connections: STEADY_CONNECTIONS, overallRate: rate, amount: rate * 60 });
      sent += clicksOf(r);
      const bad = r.errors + r.timeouts + r.non2xx - r['3xx'];
      errors += bad;
      const [ingested, waiting, buffered] = await Promise.all([
        metric(metricsUrl.worker, 'linkpulse_clicks_ingested_total{outcome="inserted"}'),
        metric(metricsUrl.worker, 'linkpulse_queue_depth{queue="clicks",state="waiting"}'),
        metric(metricsUrl.redirector, 'linkpulse_clicks_buffered'),
      ]);
      console.log(
        `  ${String(m).padStart(6)}   ${fmt(r.rps).padStart(6)}   ${String(r.latency.p99).padStart(6)}   ${String(bad).padStart(6)}   ${fmt(ingested).padStart(15)}   ${fmt(waiting).padStart(13)}   ${fmt(buffered).padStart(19)}`,
      );
    }
    const end = rss();

    // Drain: the redirector's buffer reaches the queue within CLICK_FLUSH_MS, then the worker stores the rest.
    const drainStart = Date.now();
    const counted = async () => Number((await env.dataSource.query('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [linkId]))[0].n);
    let stored = await counted();
    while (stored < sent && Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
      await new Promise((r) => setTimeout(r, 500));
      stored = await counted();
    }
    await new Promise((r) => setTimeout(r, 1000)); // anything beyond `sent` (double counting) would show up now
    stored = await counted();
    const [stats] = await env.dataSource.query('SELECT click_count::int AS n FROM link_stats WHERE link_id = $1', [linkId]);
    const [redirected, ingested, apiWaiting] = await Promise.all([
      metric(metricsUrl.redirector, 'linkpulse_redirects_total{status="302"}'),
      metric(metricsUrl.worker, 'linkpulse_clicks_ingested_total{outcome="inserted"}'),
      metric(metricsUrl.api, 'linkpulse_queue_depth{queue="clicks",state="waiting"}'),
    ]);

    console.log('\nmemory (VmRSS)   boot        steady start   end         growth start → end');
    let memoryOk = true;
    for (const name of Object.keys(procs)) {
      const growth = (end[name] - start[name]) / start[name];
      if (!(growth <= MAX_GROWTH)) memoryOk = false;
      console.log(
        `  ${name.padEnd(14)} ${mb(boot[name]).padStart(6)} MB   ${mb(start[name]).padStart(6)} MB      ${mb(end[name]).padStart(6)} MB   ${(growth >= 0 ? '+' : '') + (growth * 100).toFixed(1)}%`,
      );
    }
    const exact = stored === sent && stats?.n === sent;
    console.log(`\nclicks sent (2xx/3xx)      ${fmt(sent)}`);
    console.log(
      `clicks counted (Postgres)  ${fmt(stored)} rows in clicks, link_stats.click_count ${fmt(stats?.n ?? 0)}  (drained in ${((Date.now() - drainStart) / 1000).toFixed(1)} s)`,
    );
    console.log(
      `metrics                    redirector linkpulse_redirects_total{302} ${fmt(redirected)}, worker linkpulse_clicks_ingested_total{inserted} ${fmt(ingested)}, api linkpulse_queue_depth{clicks,waiting} ${fmt(apiWaiting)}`,
    );
    console.log(`failed requests            ${fmt(errors)} during the steady phase`);
    console.log(`counted = sent             ${exact ? 'PASS' : 'FAIL'}`);
    console.log(`memory growth <= ${MAX_GROWTH * 100}%       ${memoryOk ? 'PASS' : 'FAIL'}`);
    process.exitCode = exact && memoryOk && errors === 0 ? 0 : 1;
  } finally {
    await Promise.all(Object.values(procs).map((p) => stopProcess(p.child)));
    await env.cleanup();
  }
}

main().catch((err) => {
  console.error(`bench:soak failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
