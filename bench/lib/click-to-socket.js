// Click-to-socket latency: a GET through the built redirector until the owner's socket.io /live event names the link.
// The path a user's click takes: redirector batch (≤ CLICK_FLUSH_MS) → BullMQ → worker ingest → Redis pub/sub →
// api coalescer → socket. Clicks are spaced so each sample meets an idle coalescer (no 250 ms merge window).
import { io } from 'socket.io-client';
import { freePort, startProcess, stopProcess } from './processes.js';

const DIST = new URL('../../dist/apps/', import.meta.url);
const WARMUP = 3;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param env the bench's temp env (databaseUrl, redisUrl, prefix)
 * @param apiBase the running api's base URL; token: a session of the links' owner
 * @param links [{ id, code }] default-host links of that owner
 * @returns { samples, p50, p95, max } in ms
 */
export async function measureClickToSocket({ env, apiBase, token, links, samples = 40, gapMs = 400 }) {
  const ports = { redirector: await freePort(), worker: await freePort() };
  const common = { DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, REDIS_PREFIX: env.prefix, LOG_LEVEL: 'warn' };
  const procs = [];
  let socket;
  try {
    procs.push(
      await startProcess(
        new URL('redirector/main.js', DIST).pathname,
        [],
        { ...common, REDIRECT_PORT: String(ports.redirector) },
        `http://127.0.0.1:${ports.redirector}/healthz`,
      ),
    );
    procs.push(
      await startProcess(
        new URL('worker/main.js', DIST).pathname,
        [],
        { ...common, WORKER_METRICS_PORT: String(ports.worker) },
        `http://127.0.0.1:${ports.worker}/metrics`,
      ),
    );
    socket = io(`${apiBase}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId: token } });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const waiting = new Map();
    socket.on('clicks', (event) => {
      const at = performance.now();
      for (const l of event.links) waiting.get(l.linkId)?.(at);
    });
    const latencies = [];
    for (let i = 0; i < samples + WARMUP; i++) {
      const link = links[i % links.length];
      const arrived = new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no live event for a click within 10 s (sample ${i})`)), 10_000);
        waiting.set(link.id, (at) => (clearTimeout(t), waiting.delete(link.id), resolve(at)));
      });
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${ports.redirector}/s/${link.code}`, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`redirector answered ${res.status} for /s/${link.code}`);
      const at = await arrived;
      if (i >= WARMUP) latencies.push(at - t0);
      await sleep(gapMs);
    }
    latencies.sort((a, b) => a - b);
    const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    return { samples: latencies.length, p50: q(0.5), p95: q(0.95), max: latencies[latencies.length - 1] };
  } finally {
    socket?.close();
    for (const p of procs.reverse()) await stopProcess(p.child);
  }
}
