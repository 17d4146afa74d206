import { performance } from 'node:perf_hooks';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { FastHistogram } from './fast-histogram.js';
import { collectedCounter, collectedGauge, createMetricsRegistry } from './registry.js';
import { serveScrape } from './scrape.js';

/** Sub-millisecond buckets: a cached redirect takes tens of microseconds. */
export const REDIRECT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05];

/** What the redirector counts anyway (read only at scrape time: no cost on the hot path). */
export interface RedirectorSources {
  http: { requests: number; redirects: number; previews: number; notFound: number; unavailable: number };
  clicks: { stats(): { accepted: number; flushed: number; buffered: number; dropped: number; batches: number; sendErrors?: number } };
  links?: {
    stats(): { lruHits: number; redisHits: number; dbHits: number; misses: number; redisErrors: number; invalidations: number; lruSize?: number };
  };
}

export interface RedirectorMetrics {
  registry: Registry;
  /** Wraps the request listener: answers `GET /metrics`, times every other request (two clock reads). */
  instrument(handle: RequestListener): RequestListener;
  /** Registers the scrape-time counters over the server's, the batcher's and the resolver's own stats. */
  observe(sources: RedirectorSources): void;
}

/**
 * `isMetricsHost(Host header)`: `/metrics` is answered only there (the short host and loopback); on a custom domain
 * it is an ordinary path, so a custom domain never exposes the metrics.
 */
export function createRedirectorMetrics(token?: string, isMetricsHost: (hostHeader: string | undefined) => boolean = () => true): RedirectorMetrics {
  const registry = createMetricsRegistry();
  const duration = new FastHistogram(
    'linkpulse_redirect_duration_seconds',
    'Time from the request to the answer written by the redirector (302, preview, 404, 503...), in seconds.',
    REDIRECT_BUCKETS,
    registry,
  );
  return {
    registry,
    instrument(handle) {
      return (req: IncomingMessage, res: ServerResponse) => {
        if (req.url === '/metrics' && isMetricsHost(req.headers.host)) return void serveScrape(registry, token, req, res);
        const start = performance.now();
        handle(req, res);
        if (res.writableEnded) duration.observe((performance.now() - start) / 1000);
        else res.once('finish', () => duration.observe((performance.now() - start) / 1000));
      };
    },
    observe({ http, clicks, links }) {
      collectedCounter(
        registry,
        'linkpulse_redirector_requests_total',
        'HTTP requests handled by the redirector (all paths, all answers).',
        () => http.requests,
      );
      collectedCounter(
        registry,
        'linkpulse_redirects_total',
        'Short-link requests by answer: 302 redirect, 200 Open Graph preview for crawlers, 404 unknown link, 503 lookup failed.',
        () => ({ '302': http.redirects, '200': http.previews, '404': http.notFound, '503': http.unavailable }),
        'status',
      );
      const c = () => clicks.stats();
      collectedCounter(
        registry,
        'linkpulse_clicks_accepted_total',
        'Clicks minted by redirects and handed to the click batcher.',
        () => c().accepted,
      );
      collectedCounter(
        registry,
        'linkpulse_clicks_flushed_total',
        'Clicks stored in Redis as queued jobs (delivered to the queue).',
        () => c().flushed,
      );
      collectedCounter(registry, 'linkpulse_click_batches_flushed_total', 'Click batches (BullMQ jobs) added to the queue.', () => c().batches);
      collectedGauge(
        registry,
        'linkpulse_clicks_buffered',
        'Clicks held in memory, not yet in Redis (grows while Redis is unreachable).',
        () => c().buffered,
      );
      collectedCounter(
        registry,
        'linkpulse_clicks_dropped_total',
        'Clicks lost: the memory buffer was full (CLICK_BUFFER_MAX) or Redis stayed down at shutdown.',
        () => c().dropped,
      );
      collectedCounter(
        registry,
        'linkpulse_click_batch_send_errors_total',
        'Failed attempts to add a click batch to the queue (retried).',
        () => c().sendErrors ?? 0,
      );
      if (!links) return;
      const l = () => links.stats();
      collectedCounter(
        registry,
        'linkpulse_link_lookups_total',
        'Link lookups by where they were answered: lru (in-process cache hit), redis, postgres, not_found (cached or real miss).',
        () => {
          const s = l();
          return { lru: s.lruHits, redis: s.redisHits, postgres: s.dbHits, not_found: s.misses };
        },
        'source',
      );
      collectedCounter(
        registry,
        'linkpulse_link_cache_redis_errors_total',
        'Link lookups where Redis failed and Postgres answered instead.',
        () => l().redisErrors,
      );
      collectedCounter(
        registry,
        'linkpulse_link_invalidations_total',
        'Link cache invalidations received from the api (edits, deletions).',
        () => l().invalidations,
      );
      collectedGauge(registry, 'linkpulse_link_lru_entries', 'Links (and misses) held in the in-process LRU cache.', () => l().lruSize ?? 0);
    },
  };
}
