import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { serveScrape } from './scrape.js';

export interface MetricsServerOptions {
  /** First port to try; 0 disables the server. */
  port: number;
  /** Ports tried after `port` when it is taken (several workers on one host). */
  attempts?: number;
  host?: string;
  token?: string;
  log?: { warn(msg: string, fields?: Record<string, unknown>): void };
}

export interface MetricsServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** A small node:http server answering `GET /metrics` (anything else: 404). Null when `port` is 0. */
export async function startMetricsServer(registry: Registry, opts: MetricsServerOptions): Promise<MetricsServer | null> {
  if (opts.port === 0) return null;
  const attempts = opts.attempts ?? 10;
  for (let i = 0; i < attempts; i++) {
    const port = opts.port + i;
    if (port > 65535) break;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/metrics') return void serveScrape(registry, opts.token, req, res);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found: metrics are at /metrics');
    });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once('error', resolve);
      server.listen(port, opts.host, () => resolve(null));
    });
    if (!error) {
      server.unref();
      return { server, port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(() => r())) };
    }
    if (error.code !== 'EADDRINUSE') throw new Error(`Metrics server cannot listen on port ${port}: ${error.message}`);
    opts.log?.warn('metrics port taken, trying the next one', { port });
  }
  opts.log?.warn('no free metrics port: metrics are not served', { from: opts.port, attempts });
  return null;
}
