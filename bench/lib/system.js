// Helpers for the benches' honest reporting: the load of the shared machine and a private redis-server.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

/** `uptime`'s line (load averages of the shared machine). */
export function uptime() {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return '(uptime unavailable)';
  }
}

/**
 * CPU time the hypervisor gave to other guests (/proc/stat "steal") since `start()`, as a share of all CPU time: on a
 * virtual machine this moves both servers' rates between rounds even when the load average is low.
 */
export function stealMeter() {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { steal: f[7] ?? 0, total: f.reduce((a, b) => a + b, 0) };
  };
  const start = read();
  return () => {
    const now = read();
    return now.total > start.total ? (100 * (now.steal - start.steal)) / (now.total - start.total) : 0;
  };
}

/**
 * A private redis-server on `port` (BENCH_REDIS_PORT) so its CPU can be read from /proc without the traffic of other
 * users of a shared Redis; without a port, the shared REDIS_URL and its pid (its CPU then includes other clients).
 */
export async function benchRedis() {
  const port = process.env.BENCH_REDIS_PORT;
  if (!port) {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const r = new Redis(url, { lazyConnect: true });
    await r.connect();
    const pid = Number(/process_id:(\d+)/.exec(await r.info('server'))?.[1]);
    r.disconnect();
    return { url, pid, shared: true, stop: async () => undefined };
  }
  const child = spawn('redis-server', ['--port', port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on('error', () => undefined);
    try {
      await r.connect();
      await r.ping();
      r.disconnect();
      break;
    } catch {
      r.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((res) => setTimeout(res, 50));
    }
  }
  return {
    url,
    pid: child.pid,
    shared: false,
    stop: () => new Promise((res) => (child.exitCode !== null ? res() : (child.once('exit', res), child.kill('SIGTERM')))),
  };
}
