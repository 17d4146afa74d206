import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENT_CLICKS, LIVE_NAMESPACE, type LiveClicksEvent } from '@app/contracts';
import { connectRedis, createQueue } from '@app/queue';
import { connectPostgres, ensureDatabase, migrate } from '@app/database';
import { startOwnPostgres, type OwnService } from '../helpers/own-services.js';
import { startOwnReplica } from '../helpers/own-replica.js';
import { startOwnRedisCluster, type OwnRedisCluster } from '../helpers/own-redis-cluster.js';
import { ensureBuilt, freePort, startBuiltProcess, type BuiltProcess } from '../helpers/processes.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

/**
 * The many-process deployment (`npm run test:scale`; also part of the e2e project): a 3-master Redis Cluster
 * (REDIS_CLUSTER_NODES; REDIS_URL points nowhere), a Postgres primary and a streaming replica (DATABASE_READ_URL),
 * two api instances, two redirectors, three workers, all built processes.
 *
 * What "sent" means. A redirector answers 302 first and hands the click to its in-memory batcher, which adds it to
 * the queue every CLICK_FLUSH_MS. A redirector killed with SIGKILL loses what it had not flushed yet: those clicks
 * were answered but never sent. So: clicks through redirector A (never killed) must be counted exactly; for
 * redirector B, killed mid-load, every click its /metrics reported as flushed (linkpulse_clicks_flushed_total, read
 * just before the kill) must be counted, and nothing more than it answered. A worker killed mid-load loses nothing:
 * its jobs go back to the queue (WORKER_LOCK_MS) and the ingest is idempotent.
 */
const CLUSTER_PORTS = [7180, 7181, 7182];
const PREFIX = 'scale';

describe('many processes on a Redis Cluster and a Postgres replica', () => {
  let cluster: OwnRedisCluster;
  let primary: OwnService;
  let replica: OwnService;
  let db: pg.Pool;
  const apis: { proc: BuiltProcess; url: string }[] = [];
  const redirectors: { proc: BuiltProcess; url: string }[] = [];
  const workers: BuiltProcess[] = [];
  const sockets: Socket[] = [];
  let session = '';

  const env = (): Record<string, string> => ({
    DATABASE_URL: primary.url,
    REDIS_URL: 'redis://127.0.0.1:1', // unused: every Redis use must go through the cluster
    REDIS_CLUSTER_NODES: cluster.nodes,
    REDIS_PREFIX: PREFIX,
    LOG_LEVEL: 'info',
    CLICK_FLUSH_MS: '25',
    WORKER_LOCK_MS: '2000',
    WORKER_CONCURRENCY: '4',
    WORKER_METRICS_PORT: '0',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-1',
    WEB_DIST: '/nonexistent',
    SHORT_BASE_URL: 'http://lp.test',
  });
  const api = async (i: number, method: string, path: string, body?: unknown) => {
    const res = await fetch(apis[i].url + path, {
      method,
      headers: { authorization: `Bearer ${session}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const redirect = async (r: number, code: string) => {
    const res = await fetch(`${redirectors[r].url}/s/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') };
  };
  /** Redirector r's click counters, from its /metrics. */
  const clickCounters = async (r: number) => {
    const text = await (await fetch(`${redirectors[r].url}/metrics`)).text();
    const counter = (name: string) => Number(new RegExp(`^linkpulse_clicks_${name}_total (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { accepted: counter('accepted'), flushed: counter('flushed') };
  };
  const flushedBy = async (r: number) => (await clickCounters(r)).flushed;
  /** Redirector r's flushed count once it has flushed every click it accepted (the earlier tests' clicks too). */
  const allFlushedBy = async (r: number) => {
    for (;;) {
      const { accepted, flushed } = await clickCounters(r);
      if (flushed === accepted) return flushed;
      await sleep(20);
    }
  };
  const countedFor = async (linkId: string) => {
    const { rows } = await db.query('SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM clicks WHERE link_id = $1', [linkId]);
    expect(rows[0].n).toBe(rows[0].ids);
    return rows[0].n as number;
  };
  /** Waits until the count stops moving (or reaches `target`). */
  const settled = async (linkId: string, target: number) => {
    let last = -1;
    let since = Date.now();
    for (;;) {
      const n = await countedFor(linkId);
      if (n === target) return n;
      if (n !== last) [last, since] = [n, Date.now()];
      else if (Date.now() - since > 30_000) return n;
      await sleep(200);
    }
  };
  /** Job counts and the reasons of failed/delayed jobs on the cluster's clicks queue (diagnostics). */
  const queueState = async () => {
    const redis = await connectRedis(
      'redis://127.0.0.1:1',
      cluster.nodes.split(',').map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })),
    );
    const queue = createQueue<{ clicks?: unknown[] }>('clicks', redis, PREFIX);
    const counts = await queue.getJobCounts();
    const jobs = (await queue.getJobs(['failed', 'delayed', 'wait', 'active'])).map((j) => ({
      id: j.id,
      n: j.data.clicks?.length,
      attempts: j.attemptsMade,
      reason: j.failedReason,
    }));
    await queue.close();
    redis.disconnect();
    return { counts, jobs };
  };
  /** Sends clicks through redirector r to `code` with 3 connections until stop(); counts 302s. */
  const load = (r: number, code: string) => {
    let running = true;
    let answered = 0;
    let failed = 0;
    const loop = async () => {
      while (running) {
        try {
          if ((await redirect(r, code)).status === 302) answered++;
          else failed++;
        } catch {
          failed++;
        }
      }
    };
    const loops = [loop(), loop(), loop()];
    return {
      answered: () => answered,
      async stop() {
        running = false;
        await Promise.all(loops);
        return { answered, failed };
      },
    };
  };

  beforeAll(async () => {
    ensureBuilt(['api', 'redirector', 'worker']);
    cluster = await startOwnRedisCluster(CLUSTER_PORTS);
    primary = await startOwnPostgres(await freePort());
    await ensureDatabase(primary.url);
    const ds = await connectPostgres(primary.url);
    await migrate(ds);
    await ds.destroy();
    replica = await startOwnReplica(primary.port, await freePort());
    db = new pg.Pool({ connectionString: primary.url, max: 2 });

    const [a1, a2, r1, r2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const starting: Promise<unknown>[] = [];
    for (const port of [a1, a2]) {
      const url = `http://127.0.0.1:${port}`;
      starting.push(
        startBuiltProcess(
          'api',
          { ...env(), API_PORT: String(port), DATABASE_READ_URL: replica.url },
          { waitForLine: 'api listening', timeoutMs: 90_000 },
        ).then((proc) => apis.push({ proc, url })),
      );
    }
    for (const port of [r1, r2]) {
      const url = `http://127.0.0.1:${port}`;
      starting.push(
        startBuiltProcess('redirector', { ...env(), REDIRECT_PORT: String(port) }, { waitForLine: 'redirector listening', timeoutMs: 90_000 }).then(
          (proc) => redirectors.push({ proc, url }),
        ),
      );
    }
    for (let i = 0; i < 3; i++) {
      starting.push(startBuiltProcess('worker', env(), { waitForLine: 'worker started', timeoutMs: 90_000 }).then((p) => workers.push(p)));
    }
    await Promise.all(starting);
    apis.sort((a, b) => a.url.localeCompare(b.url));
    redirectors.sort((a, b) => a.url.localeCompare(b.url));
    const login = await fetch(`${apis[0].url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
    });
    session = (await login.json()).sessionId;
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([...apis.map((a) => a.proc), ...redirectors.map((r) => r.proc), ...workers].map((p) => p.stop(3000)));
    await db?.end();
    await replica?.destroy();
    await primary?.destroy();
    await cluster?.destroy();
  });

  it('queues, link cache and rate limits live on the cluster (hash-tagged keys), nothing on REDIS_URL', async () => {
    expect(session).toMatch(/.+/);
    const keys = CLUSTER_PORTS.flatMap((p) => cluster.cli(p, '--scan', '--pattern', `*${PREFIX}*`).split('\n').filter(Boolean));
    expect(keys.some((k) => k.startsWith(`{${PREFIX}:bull}:clicks:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`{${PREFIX}:bull}:maintenance:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${PREFIX}:rl:`))).toBe(true); // the login above
    // Every BullMQ key shares the hash tag's slot (BullMQ's scripts touch several keys of a queue at once).
    const bullSlots = new Set(keys.filter((k) => k.startsWith('{')).map((k) => cluster.cli(CLUSTER_PORTS[0], 'cluster', 'keyslot', k)));
    expect([...bullSlots]).toEqual([cluster.cli(CLUSTER_PORTS[0], 'cluster', 'keyslot', `{${PREFIX}:bull}`)]);
  });

  it('an edit through one api redirects correctly on both redirectors within a second', async () => {
    const created = await api(0, 'POST', '/api/links', { originalUrl: 'https://example.org/before' });
    expect(created.status).toBe(201);
    const { id, shortCode } = created.body as { id: string; shortCode: string };
    for (const r of [0, 1]) expect(await redirect(r, shortCode)).toEqual({ status: 302, location: 'https://example.org/before' });
    // The link cache entry sits on the master of its hash slot, next to its miss marker.
    const slot = cluster.cli(CLUSTER_PORTS[0], 'cluster', 'keyslot', `${PREFIX}:link:{_:${shortCode}}`);
    expect(cluster.cli(CLUSTER_PORTS[0], 'cluster', 'keyslot', `${PREFIX}:miss:{_:${shortCode}}`)).toBe(slot);
    expect(cluster.cli(CLUSTER_PORTS[0], 'get', `${PREFIX}:link:{_:${shortCode}}`)).toContain('https://example.org/before');

    expect((await api(1, 'PUT', `/api/links/${id}`, { name: 'Edited', originalUrl: 'https://example.org/after' })).status).toBe(200);
    const edited = Date.now();
    for (const r of [0, 1]) {
      for (;;) {
        const { location } = await redirect(r, shortCode);
        if (location === 'https://example.org/after') break;
        expect(Date.now() - edited).toBeLessThan(1000);
        await sleep(20);
      }
    }
  });

  it('clicks through both redirectors with a worker and a redirector killed -9: every flushed click counted once, live updates reach a socket on the other api', async () => {
    const links = [];
    for (const name of ['a', 'b']) {
      const res = await api(0, 'POST', '/api/links', { originalUrl: `https://example.org/${name}` });
      links.push(res.body as { id: string; shortCode: string });
    }
    const socket = io(`${apis[1].url}${LIVE_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { sessionId: session },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    const live = new Map<string, number>();
    socket.on(LIVE_EVENT_CLICKS, (e: LiveClicksEvent) => {
      for (const l of e.links) live.set(l.linkId, Math.max(live.get(l.linkId) ?? 0, l.clicks));
    });

    // B's clicks of the earlier tests, all of them: one still on its way would count toward this test's floor.
    const flushedBefore = await allFlushedBy(1);
    const viaA = load(0, links[0].shortCode);
    const viaB = load(1, links[1].shortCode);
    while (viaA.answered() < 300 || viaB.answered() < 300) await sleep(50);
    // kill -9 one worker mid-load.
    workers[0].child.kill('SIGKILL');
    while (viaB.answered() < 600) await sleep(50);
    // kill -9 redirector B mid-load: what it reported flushed just before is the floor of what must be counted.
    const flushedFloor = (await flushedBy(1)) - flushedBefore;
    redirectors[1].proc.child.kill('SIGKILL');
    const b = await viaB.stop();
    while (viaA.answered() < b.answered + 300) await sleep(50);
    const a = await viaA.stop();

    expect(a.failed).toBe(0);
    const countedA = await settled(links[0].id, a.answered);
    expect(countedA).toBe(a.answered);
    const countedB = await settled(links[1].id, b.answered);
    if (countedB < flushedFloor) console.log('scale: queue state', JSON.stringify(await queueState()));
    expect(countedB).toBeGreaterThanOrEqual(flushedFloor);
    expect(countedB).toBeLessThanOrEqual(b.answered);
    console.log(
      `scale: A answered ${a.answered}, counted ${countedA}; B answered ${b.answered}, flushed before kill ≥ ${flushedFloor}, counted ${countedB} (lost at kill -9: ${b.answered - countedB})`,
    );

    const { rows } = await db.query('SELECT link_id, click_count::int AS n FROM link_stats WHERE link_id = ANY($1::uuid[]) ORDER BY link_id', [
      links.map((l) => l.id),
    ]);
    expect(Object.fromEntries(rows.map((r: { link_id: string; n: number }) => [r.link_id, r.n]))).toEqual({
      [links[0].id]: countedA,
      [links[1].id]: countedB,
    });
    // The socket on api #2 heard about both links (the workers' summaries on the cluster's sharded pub/sub).
    expect(live.get(links[0].id)).toBeGreaterThan(0);
    expect(live.get(links[1].id)).toBeGreaterThan(0);
    // The dashboard (read from the replica) catches up to exactly the clicks counted on the primary (all links).
    const {
      rows: [all],
    } = await db.query('SELECT sum(click_count)::int AS n FROM link_stats');
    expect(all.n).toBeGreaterThanOrEqual(countedA + countedB);
    let stats = await api(1, 'GET', '/api/analytics/stats');
    for (const end = Date.now() + 20_000; stats.body?.totalClicks !== all.n && Date.now() < end; await sleep(200)) {
      stats = await api(1, 'GET', '/api/analytics/stats');
    }
    expect({ status: stats.status, totalClicks: stats.body?.totalClicks }).toEqual({ status: 200, totalClicks: all.n });
  });
});
