import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@app/config';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';
import { startSuiteWorkers, type SuiteWorkers } from '../helpers/suite-workers.js';

/**
 * One workspace cannot starve another's webhooks (issue 35, docs/security.md#webhooks): webhooks and API keys are
 * capped per workspace (409 naming the cap, counted atomically), deliveries of one workspace hold at most
 * WEBHOOK_OWNER_CONCURRENCY of the worker's slots, and an endpoint that keeps failing is paused until resumed.
 * Before: 40 webhooks on a slow endpoint delayed another user's `link.created` delivery from 0.03 s to 74 s.
 */
const log = createLogger('webhook-starvation-test', 'error');

/**
 * A real receiver: in mode `hang` it never answers (the sender's timeout cuts the request), in `ok` it answers 200.
 * Notes every body and when it came, and the most requests it ever held open at once.
 */
function receiver(initial: 'hang' | 'ok') {
  const state = { mode: initial, open: 0, mostOpen: 0 };
  const received: { at: number; body: { id: string; type: string; data: { linkId: string } } }[] = [];
  const server = http.createServer((req, res) => {
    state.open++;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    res.on('close', () => state.open--);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ at: Date.now(), body: JSON.parse(body) });
      if (state.mode === 'ok') res.writeHead(200).end('ok');
    });
  });
  return {
    state,
    received,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('webhooks and API keys are capped per workspace', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOKS_PER_WORKSPACE: '3', API_KEYS_PER_WORKSPACE: '4' });
  }, 60_000);
  afterAll(() => api?.close());

  it('defaults a real team accepts: 25 webhooks and 50 API keys per workspace', async () => {
    const defaults = await startTestApi();
    try {
      expect({ webhooks: defaults.config.webhooksPerWorkspace, apiKeys: defaults.config.apiKeysPerWorkspace }).toEqual({ webhooks: 25, apiKeys: 50 });
    } finally {
      await defaults.close();
    }
  });

  it('10 webhooks at once: 3 created, 7 refused with a 409 naming the cap; another workspace is not affected', async () => {
    const alice = (await approvedUser(api, 'cap-alice')).sessionId;
    const bob = (await approvedUser(api, 'cap-bob')).sessionId;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.call('POST', '/api/webhooks', { session: alice, body: { url: `http://127.0.0.1:9/hook-${i}`, events: ['link.created'] } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({
      statusCode: 409,
      message: 'A workspace has at most 3 webhooks: delete one before adding another.',
    });
    expect((await api.call('GET', '/api/webhooks', { session: alice })).body).toHaveLength(3);
    expect(
      (await api.call('POST', '/api/webhooks', { session: bob, body: { url: 'http://127.0.0.1:9/bob', events: ['link.created'] } })).status,
    ).toBe(201);
    // Deleting one makes room for one.
    const [first] = (await api.call('GET', '/api/webhooks', { session: alice })).body;
    expect((await api.call('DELETE', `/api/webhooks/${first.id}`, { session: alice })).status).toBe(200);
    expect(
      (await api.call('POST', '/api/webhooks', { session: alice, body: { url: 'http://127.0.0.1:9/again', events: ['link.created'] } })).status,
    ).toBe(201);
  });

  it('10 API keys at once: 4 created, 6 refused with a 409 naming the cap', async () => {
    const carol = (await approvedUser(api, 'cap-carol')).sessionId;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.call('POST', '/api/api-keys', { session: carol, body: { name: `k${i}`, scopes: ['links:read'] } })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({
      statusCode: 409,
      message: 'A workspace has at most 4 API keys: revoke one before creating another.',
    });
    expect((await api.call('GET', '/api/api-keys', { session: carol })).body).toHaveLength(4);
  });
});

describe("one workspace's slow endpoints cannot delay another's deliveries", () => {
  let api: TestApi;
  let workers: SuiteWorkers;
  const slow = receiver('hang');
  const fast = receiver('ok');

  beforeAll(async () => {
    // The production attempt limit (10 s) and the default share (4 in flight per workspace).
    api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOKS_PER_WORKSPACE: '40', WEBHOOK_ATTEMPTS: '3', WEBHOOK_BACKOFF_MS: '200' });
    workers = await startSuiteWorkers(api, log);
  }, 60_000);
  afterAll(async () => {
    slow.close();
    fast.close();
    await workers?.close();
    await api?.close();
  });

  it("workspace A's 40 webhooks on an endpoint that never answers: B's link.created arrives within 10 s while A's are stuck", async () => {
    const a = (await approvedUser(api, 'slow-team')).sessionId;
    const b = (await approvedUser(api, 'other-team')).sessionId;
    const slowUrl = await slow.listen();
    const fastUrl = await fast.listen();
    for (let i = 0; i < 40; i++)
      expect((await api.call('POST', '/api/webhooks', { session: a, body: { url: `${slowUrl}/hook-${i}`, events: ['link.created'] } })).status).toBe(
        201,
      );
    expect((await api.call('POST', '/api/webhooks', { session: b, body: { url: fastUrl, events: ['link.created'] } })).status).toBe(201);

    expect((await api.call('POST', '/api/links', { session: a, body: { originalUrl: 'https://example.org/slow' } })).status).toBe(201);
    await until(async () => slow.received.length >= 4, { ms: 15_000 }); // A's deliveries are in flight, unanswered
    const sent = Date.now();
    const link = await api.call('POST', '/api/links', { session: b, body: { originalUrl: 'https://example.org/fast' } });
    await until(async () => fast.received.length >= 1, { ms: 10_000 }); // a correctness bound, not a benchmark
    expect(fast.received[0].body).toMatchObject({ type: 'link.created', data: { linkId: link.body.id } });
    expect(fast.received[0].at - sent).toBeLessThan(10_000);
    // …while A's are still stuck: most of its 40 deliveries have not even been tried yet.
    const [{ waiting }] = await api.dataSource.query<{ waiting: number }[]>(
      `SELECT count(*)::int AS waiting FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE w.url LIKE $1 AND d.status = 'pending'`,
      [`${slowUrl}/%`],
    );
    expect(waiting).toBeGreaterThan(20);
    // A never held more than its share of delivery slots.
    expect(slow.state.mostOpen).toBeLessThanOrEqual(api.config.webhookOwnerConcurrency);
  }, 60_000);
});

describe('an endpoint that keeps failing is paused until resumed', () => {
  let api: TestApi;
  let workers: SuiteWorkers;
  const endpoint = receiver('hang');

  beforeAll(async () => {
    api = await startTestApi({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_PAUSE_AFTER: '3',
      WEBHOOK_ATTEMPTS: '2',
      WEBHOOK_BACKOFF_MS: '50',
      WEBHOOK_TIMEOUT_MS: '500',
    });
    workers = await startSuiteWorkers(api, log);
  }, 60_000);
  afterAll(async () => {
    endpoint.close();
    await workers?.close();
    await api?.close();
  });

  it('3 timeouts in a row pause it; events while paused are held, not sent; Resume sends them', async () => {
    const session = (await approvedUser(api, 'pause-team')).sessionId;
    const other = (await approvedUser(api, 'pause-other')).sessionId;
    const url = await endpoint.listen();
    const hook = (await api.call('POST', '/api/webhooks', { session, body: { url, events: ['link.created'] } })).body;
    expect(hook).toMatchObject({ status: 'active', pausedAt: null });
    const list = () => api.call('GET', '/api/webhooks', { session }).then((r) => r.body[0]);
    const deliveries = () => api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session }).then((r) => r.body);
    // The first delivery times out twice and runs out of attempts (2 failures in a row: still active)…
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/p1' } });
    await until(async () => (await deliveries())[0]?.status === 'failed', { ms: 15_000 });
    expect((await list()).status).toBe('active');
    // …the second's first timeout is the third in a row: the webhook is paused and that delivery held.
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/p2' } });
    await until(async () => (await list()).status === 'paused', { ms: 15_000 });
    expect((await list()).pausedAt).toEqual(expect.any(String));
    await until(async () => (await deliveries()).every((d: { status: string }) => d.status !== 'pending'));
    expect((await deliveries()).map((d: { status: string }) => d.status)).toEqual(['paused', 'failed']);
    expect(endpoint.received).toHaveLength(3);

    // While paused, a new event is recorded as held and nothing reaches the endpoint.
    const p3 = await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/p3' } });
    await until(async () => (await deliveries()).length === 3);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await deliveries()).filter((d: { status: string }) => d.status === 'paused')).toHaveLength(2);
    expect(endpoint.received).toHaveLength(3);

    // Resume: another workspace cannot; the owner can, and the held deliveries are sent.
    expect((await api.call('POST', `/api/webhooks/${hook.id}/resume`, { session: other })).status).toBe(404);
    endpoint.state.mode = 'ok';
    const resumed = await api.call('POST', `/api/webhooks/${hook.id}/resume`, { session });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id: hook.id, status: 'active', pausedAt: null });
    await until(async () => (await deliveries()).filter((d: { status: string }) => d.status === 'delivered').length === 2);
    expect(endpoint.received.map((r) => r.body.data.linkId)).toContain(p3.body.id);
    expect((await list()).status).toBe('active');
  }, 60_000);
});
