import { Histogram, Registry } from 'prom-client';
import { FastHistogram } from './fast-histogram.js';
import { scrapeAllowed } from './scrape.js';
import { routeOf } from './api-metrics.js';

describe('FastHistogram', () => {
  it("prints exactly what prom-client's Histogram prints for the same observations", async () => {
    const bounds = [0.0001, 0.00025, 0.0005, 0.001, 0.05];
    const values = [0.00005, 0.0001, 0.0002, 0.0004, 0.0009, 0.02, 0.05, 0.3, 0];
    const fastRegistry = new Registry();
    const fast = new FastHistogram('h_seconds', 'help text', bounds, fastRegistry);
    const refRegistry = new Registry();
    const ref = new Histogram({ name: 'h_seconds', help: 'help text', buckets: bounds, registers: [refRegistry] });
    for (const v of values) {
      fast.observe(v);
      ref.observe(v);
    }
    expect(await fastRegistry.metrics()).toBe(await refRegistry.metrics());
    expect(await fastRegistry.metrics()).toContain('h_seconds_bucket{le="0.0001"} 3\n');
    fast.reset();
    expect(await fastRegistry.metrics()).toContain('h_seconds_count 0');
  });
});

describe('scrapeAllowed', () => {
  it('lets everyone in without a token, and only the exact bearer token with one', () => {
    expect(scrapeAllowed(undefined, undefined)).toBe(true);
    expect(scrapeAllowed(undefined, 'tok')).toBe(false);
    expect(scrapeAllowed('Bearer tok', 'tok')).toBe(true);
    expect(scrapeAllowed('Bearer tok2', 'tok')).toBe(false);
    expect(scrapeAllowed('bearer tok', 'tok')).toBe(false);
  });
});

describe('routeOf', () => {
  const req = (url: string, extra: object = {}) => ({ url, ...extra }) as Parameters<typeof routeOf>[0];
  it('uses the route pattern, never the raw path', () => {
    expect(routeOf(req('/api/links/123', { route: { path: '/api/links/:id' }, baseUrl: '' }))).toBe('/api/links/:id');
    expect(routeOf(req('/api/whatever/123'))).toBe('unmatched');
    expect(routeOf(req('/api'))).toBe('unmatched');
    expect(routeOf(req('/metrics?x=1'))).toBe('/metrics');
    expect(routeOf(req('/socket.io/?EIO=4'))).toBe('/socket.io');
    expect(routeOf(req('/dashboard/anything'))).toBe('web');
    expect(routeOf(req('/apiary'))).toBe('web');
  });
});
