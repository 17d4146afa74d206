import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { collectedGauge, createMetricsRegistry } from './registry.js';
import { registerQueueDepth, type JobCountsSource } from './queue-depth.js';
import { serveScrape } from './scrape.js';

export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ApiMetricsSources {
  token?: string;
  /** socket.io clients connected to this instance. */
  liveSockets: () => number;
  queues?: Record<string, JobCountsSource>;
}

/** What express adds to a request once a route matched. */
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; originalUrl?: string };

export interface ApiMetrics {
  registry: Registry;
  /** Express middleware (mount first): counts and times every request by its route pattern. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** Answers a scrape (mount on GET /metrics). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function createApiMetrics(sources: ApiMetricsSources): ApiMetrics {
  const registry = createMetricsRegistry();
  const requests = new Counter({
    name: 'linkpulse_http_requests_total',
    help: 'api HTTP requests by method, route pattern (e.g. /api/links/:id; "unmatched" for unknown /api paths, "web" for the web app files) and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'linkpulse_http_request_duration_seconds',
    help: 'api HTTP request duration by method and route pattern, in seconds.',
    labelNames: ['method', 'route'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  collectedGauge(registry, 'linkpulse_live_sockets', 'socket.io clients connected to this api instance (open dashboards).', sources.liveSockets);
  if (sources.queues) registerQueueDepth(registry, sources.queues);

  return {
    registry,
    middleware(req, res, next) {
      const start = performance.now();
      res.once('finish', () => {
        const labels = { method: req.method ?? 'GET', route: routeOf(req as RoutedRequest) };
        requests.inc({ ...labels, status: String(res.statusCode) });
        duration.observe(labels, (performance.now() - start) / 1000);
      });
      next();
    },
    serve: (req, res) => serveScrape(registry, sources.token, req, res),
  };
}

/** The route pattern, never the raw path (bounded label values). */
export function routeOf(req: RoutedRequest): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return (req.baseUrl ?? '') + pattern;
  const path = (req.originalUrl ?? req.url ?? '/').split('?')[0];
  if (path === '/metrics') return '/metrics';
  if (path.startsWith('/socket.io')) return '/socket.io';
  if (path === '/api' || path.startsWith('/api/')) return 'unmatched';
  return 'web';
}
