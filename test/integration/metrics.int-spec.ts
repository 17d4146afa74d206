import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Worker } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { createLogger, loadConfig } from '@app/config';
import { connectRedis, createQueue } from '@app/queue';
import { CLICK_JOB_NAME, CLICK_JOB_OPTIONS, type CompactClickBatch } from '@app/clicks';
import { createWorkerMetrics, startMetricsServer, type MetricsServer } from '@app/metrics';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { startClickWorker } from '../../apps/worker/click-worker.js';
import { startRedirectorFixture, eventually } from './redirector-fixture.js';
import { clickBatch, clickEvent, insertLinks, waitFor } from './worker-helpers.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession } from '../helpers/auth.js';
import { freePort } from '../helpers/processes.js';

/** The value of one sample line (`name{labels} value`) of a Prometheus text page; undefined when absent. */
function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; page: string }> {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type'), page: await res.text() };
}

describe('redirector /metrics', () => {
  let fx: Awaited<ReturnType<typeof startRedirectorFixture>>;
  beforeAll(async () => {
    fx = await startRedirectorFixture();
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('counts N redirects as linkpulse_redirects_total{status="302"} N, times them, and shows the clicks flushed', async () => {
    await fx.insertLink('metric1', 'https://example.com/one');
    const N = 7;
    for (let i = 0; i < N; i++) expect((await fx.get('/s/metric1')).status).toBe(302);
    expect((await fx.get('/s/unknown-code')).status).toBe(404);

    const url = `http://127.0.0.1:${fx.app.port}/metrics`;
    const first = await scrape(url);
    expect(first.status).toBe(200);
    expect(first.type).toContain('text/plain');
    expect(sample(first.page, 'linkpulse_redirects_total{status="302"}')).toBe(N);
    expect(sample(first.page, 'linkpulse_redirects_total{status="404"}')).toBe(1);
    expect(sample(first.page, 'linkpulse_redirector_requests_total')).toBe(N + 1);
    // Every request timed once (the scrape itself is not). No bound on the times: tests do not assert timings.
    expect(sample(first.page, 'linkpulse_redirect_duration_seconds_count')).toBe(N + 1);
    expect(sample(first.page, 'linkpulse_redirect_duration_seconds_bucket{le="+Inf"}')).toBe(N + 1);
    expect(sample(first.page, 'linkpulse_redirect_duration_seconds_sum')).toBeGreaterThan(0);
    expect(sample(first.page, 'linkpulse_clicks_accepted_total')).toBe(N);
    expect(sample(first.page, 'linkpulse_link_lookups_total{source="postgres"}')).toBe(1);
    expect(sample(first.page, 'linkpulse_link_lookups_total{source="lru"}')).toBe(N - 1);
    expect(sample(first.page, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(first.page).toContain('nodejs_eventloop_lag_seconds');

    // The batcher flushes within CLICK_FLUSH_MS (20 ms here): all N in the queue, none buffered or dropped.
    await eventually(async () => sample((await scrape(url)).page, 'linkpulse_clicks_flushed_total') === N);
    const after = (await scrape(url)).page;
    expect(sample(after, 'linkpulse_click_batches_flushed_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'linkpulse_clicks_buffered')).toBe(0);
    expect(sample(after, 'linkpulse_clicks_dropped_total')).toBe(0);
    expect((await fx.queuedClicks()).length).toBe(N);
  });

  it('answers /metrics only on the short host and loopback, never on a custom domain', async () => {
    const custom = await fx.get('/metrics', { host: 'go.custom-metrics.test' });
    expect(custom.status).toBe(404);
    expect(custom.body).not.toContain('linkpulse_');
    expect((await fx.get('/metrics', { host: 'lp.test' })).status).toBe(200);
  });

  it('with METRICS_TOKEN answers 401 without the bearer token and 200 with it', async () => {
    const guarded = await startRedirectorFixture({ METRICS_TOKEN: 'scrape-secret-1' });
    try {
      const url = `http://127.0.0.1:${guarded.app.port}/metrics`;
      expect((await scrape(url)).status).toBe(401);
      expect((await scrape(url, { authorization: 'Bearer wrong' })).status).toBe(401);
      const ok = await scrape(url, { authorization: 'Bearer scrape-secret-1' });
      expect(ok.status).toBe(200);
      expect(sample(ok.page, 'linkpulse_redirects_total{status="302"}')).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});

describe('worker metrics server', () => {
  let db: TestDatabase;
  let worker: Worker;
  let server: MetricsServer | null;
  const prefix = testRedisPrefix();
  const redisP = connectRedis(testRedisUrl());

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
    const redis = await redisP;
    await cleanRedisPrefix(redis, prefix);
    redis.disconnect();
    await db?.drop();
  });

  it('shows the ingested, duplicate and skipped counts, job results and durations, enrichment misses and queue depth after jobs', async () => {
    const redis = await redisP;
    const config = loadConfig({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, LOG_LEVEL: 'error' });
    const metrics = createWorkerMetrics();
    metrics.watchBullQueues(redis, prefix);
    worker = startClickWorker({
      config,
      dataSource: db.dataSource,
      redis,
      log: createLogger('worker-test', 'error'),
      metrics,
      onIngested: metrics.recordIngest,
    });
    const port = await freePort();
    server = await startMetricsServer(metrics.registry, { port });
    expect(server?.port).toBe(port);

    const [link] = await insertLinks(db.dataSource, 1);
    const clicks = [
      clickEvent(link.id), // GB address, Chrome
      clickEvent(link.id, { ip: '10.1.2.3' }), // private: no country
      clickEvent(link.id, { userAgent: 'Mozilla/5.0 (X11; Weird) Foo/1' }), // no browser, not a bot
      clickEvent(randomUUID()), // link gone: skipped
    ];
    const queue = createQueue<CompactClickBatch>('clicks', redis, prefix);
    const { job } = clickBatch(clicks);
    await queue.add(CLICK_JOB_NAME, job, { ...CLICK_JOB_OPTIONS, jobId: 'first' });
    // The same clicks re-delivered in another job: already stored, counted as duplicates.
    await queue.add(CLICK_JOB_NAME, job, { ...CLICK_JOB_OPTIONS, jobId: 'again' });

    const url = `http://127.0.0.1:${port}/metrics`;
    const page = await waitFor(
      async () => (await scrape(url)).page,
      (p) => sample(p, 'linkpulse_click_jobs_total{result="completed"}') === 2,
      10_000,
      'two completed jobs',
    );
    expect(sample(page, 'linkpulse_clicks_ingested_total{outcome="inserted"}')).toBe(3);
    expect(sample(page, 'linkpulse_clicks_ingested_total{outcome="duplicate"}')).toBe(3);
    expect(sample(page, 'linkpulse_clicks_ingested_total{outcome="skipped"}')).toBe(2);
    expect(sample(page, 'linkpulse_click_jobs_total{result="failed"}')).toBe(0);
    expect(sample(page, 'linkpulse_click_job_duration_seconds_count')).toBe(2);
    expect(sample(page, 'linkpulse_clicks_enriched_total')).toBe(8);
    // Per job: one private address (no country) and one unknown browser; both jobs enrich all four clicks.
    expect(sample(page, 'linkpulse_enrichment_misses_total{kind="geo"}')).toBe(2);
    expect(sample(page, 'linkpulse_enrichment_misses_total{kind="agent"}')).toBe(2);
    expect(sample(page, 'linkpulse_queue_depth{queue="clicks",state="waiting"}')).toBe(0);
    // Completed click jobs are removed (removeOnComplete): nothing left in any state.
    expect(sample(page, 'linkpulse_queue_depth{queue="clicks",state="completed"}')).toBe(0);
    expect(sample(page, 'linkpulse_queue_depth{queue="clicks",state="failed"}')).toBe(0);
    expect(sample(page, 'linkpulse_queue_depth{queue="maintenance",state="waiting"}')).toBe(0);
    expect(Number((await db.dataSource.query('SELECT count(*)::int AS n FROM clicks'))[0].n)).toBe(3);
    await queue.close();

    // A taken port: the next free one is used. Other processes on the machine may hold ports after `port`
    // too, so the test checks that every port skipped was reported taken, and that the one chosen serves.
    // The test holds `port + 1` itself (unless someone else already does), so at least two ports are skipped.
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.once('error', () => resolve()).listen(port + 1, () => resolve()));
    const skipped: number[] = [];
    const log = { warn: (_msg: string, fields?: Record<string, unknown>) => void skipped.push(Number(fields?.port)) };
    const second = await startMetricsServer(metrics.registry, { port, attempts: 20, log });
    expect(second).not.toBeNull();
    expect(skipped.slice(0, 2)).toEqual([port, port + 1]);
    expect(skipped).toEqual(Array.from({ length: second!.port - port }, (_, i) => port + i));
    const moved = await scrape(`http://127.0.0.1:${second!.port}/metrics`);
    expect(sample(moved.page, 'linkpulse_clicks_ingested_total{outcome="inserted"}')).toBe(3);
    await second?.close();
    await new Promise((resolve) => blocker.close(resolve));
    expect(await startMetricsServer(metrics.registry, { port: 0 })).toBeNull();
  });
});

describe('api /metrics', () => {
  let api: TestApi;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await api?.close();
  });

  it('counts requests by route pattern and status, and shows the live sockets and the queue depth, without a session', async () => {
    const session = await adminSession(api);
    expect((await api.call('GET', '/api/health/live')).status).toBe(200);
    expect((await api.call('GET', '/api/health/live')).status).toBe(200);
    expect((await api.call('DELETE', `/api/links/${randomUUID()}`, { session })).status).toBe(404);
    expect((await api.call('DELETE', `/api/links/${randomUUID()}`)).status).toBe(401);
    expect((await api.call('GET', '/api/no-such-route')).status).toBe(404);

    const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId: session } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    const { status, type, page } = await scrape(`${api.baseUrl}/metrics`);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(sample(page, 'linkpulse_http_requests_total{method="GET",route="/api/health/live",status="200"}')).toBe(2);
    expect(sample(page, 'linkpulse_http_requests_total{method="DELETE",route="/api/links/:id",status="404"}')).toBe(1);
    expect(sample(page, 'linkpulse_http_requests_total{method="DELETE",route="/api/links/:id",status="401"}')).toBe(1);
    expect(sample(page, 'linkpulse_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(page, 'linkpulse_http_requests_total{method="POST",route="/api/auth/login",status="200"}')).toBe(1);
    expect(sample(page, 'linkpulse_http_request_duration_seconds_count{method="GET",route="/api/health/live"}')).toBe(2);
    expect(sample(page, 'linkpulse_live_sockets')).toBe(1);
    expect(sample(page, 'linkpulse_queue_depth{queue="clicks",state="waiting"}')).toBe(0);
    expect(page).toContain('process_cpu_seconds_total');

    socket.disconnect();
    await eventually(async () => sample((await scrape(`${api.baseUrl}/metrics`)).page, 'linkpulse_live_sockets') === 0);
  });
});
