import { request } from 'node:http';
import type { TestApi } from './test-api.js';

/**
 * Stall probes (issue 35): raw HTTP requests whose headers and body the test controls, and a prober that asks
 * `/api/health/live` every 100 ms while an attack runs and reports the slowest answer (a test asserts it stays
 * within a correctness bound such as 1 s: the api did not stall).
 */
export interface RawReply {
  status: number;
  /** JSON when the body parses as JSON, else its text. */
  body: any;
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** One request through node:http, so the test controls headers and how much of the body is ever sent. */
export function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  chunks: Buffer[],
  opts: { endBody?: boolean; giveUpMs?: number } = {},
): Promise<RawReply | 'no answer'> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const bytes = Buffer.concat(parts);
        const text = bytes.toString('utf8');
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, bytes, headers: res.headers });
        req.destroy();
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, opts.giveUpMs ?? 30_000);
    req.on('error', (err) => {
      clearTimeout(timer);
      // The server may close a connection whose body it will not read once it has answered: that is fine.
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || (err as NodeJS.ErrnoException).code === 'EPIPE') return;
      reject(err);
    });
    for (const c of chunks) req.write(c);
    if (opts.endBody !== false) req.end();
  });
}

/** Probes /api/health/live every 100 ms while `attack` runs; returns the slowest answer's time and every status. */
export async function probeDuring<T>(api: TestApi, attack: () => Promise<T>): Promise<{ result: T; slowestMs: number; statuses: number[] }> {
  let running = true;
  let slowestMs = 0;
  const statuses: number[] = [];
  const probes = (async () => {
    while (running) {
      const started = performance.now();
      const res = await send(api.baseUrl, 'GET', '/api/health/live', {}, []);
      statuses.push(res === 'no answer' ? 0 : res.status);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  const result = await attack();
  running = false;
  await probes;
  return { result, slowestMs, statuses };
}

/**
 * The slowest `/api/health/live` answer allowed while an attack runs: `floorMs`, or `factor` times the slowest answer
 * while the same traffic without its hostile part runs (`benign`), whichever is larger. A loaded machine slows both
 * runs alike; a stall (a recursion holding the event loop per request) slows only the attack, by far more than
 * `factor` when it comes back (hostile-json: 20 nested bodies held the loop ~3 s where the flat ones take ~0.3 s).
 */
export async function stallBoundMs(api: TestApi, benign: () => Promise<unknown>, floorMs = 1_000, factor = 3): Promise<number> {
  const { slowestMs } = await probeDuring(api, benign);
  return Math.max(floorMs, factor * slowestMs);
}
