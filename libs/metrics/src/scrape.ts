import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { classifyHost } from '@app/contracts';

/** A scrape straight from this machine: loopback peer and no proxy header (a local proxy forwards remote clients). */
const fromLoopback = (req: IncomingMessage): boolean =>
  classifyHost(req.socket.remoteAddress ?? '') === 'loopback' && !req.headers['x-forwarded-for'] && !req.headers.forwarded;

/** True when no METRICS_TOKEN is configured, or the request carries `Authorization: Bearer <METRICS_TOKEN>`. */
export function scrapeAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  if (!authorization) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers one scrape on a plain node:http response: 200 Prometheus text, 401 without the token, 405 for non-GET.
 * Without METRICS_TOKEN only scrapes from this machine are answered (403 otherwise): bound beyond loopback, the token
 * is required.
 */
export async function serveScrape(registry: Registry, token: string | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Method Not Allowed');
  }
  if (!token && !fromLoopback(req)) {
    res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Set METRICS_TOKEN to scrape the metrics from another host.');
  }
  if (!scrapeAllowed(req.headers.authorization, token)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' });
    return void res.end('Unauthorized');
  }
  try {
    const body = await registry.metrics();
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`Metrics collection failed: ${(err as Error).message}`);
  }
}
