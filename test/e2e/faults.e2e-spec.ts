import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { connectPostgres, ensureDatabase, migrate } from '@app/database';
import { startOwnPostgres, startOwnRedis, type OwnService } from '../helpers/own-services.js';
import { startBuiltProcess } from '../helpers/processes.js';

/** Node's fetch says `node`, a bot to the worker: bot clicks are stored but counted nowhere (docs/product.md#link-controls). */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * Fault injection against the real built processes on a private Redis (AOF, like production) and a private
 * Postgres: under a steady click load we (1) kill -9 the worker, (2) restart Redis, (3) stop and start Postgres,
 * (4) run three workers at once. After each, every click the redirector answered 302 for is counted exactly once,
 * and redirects of cached links never fail, even while Postgres is down.
 */
const REDIS_PORT = 6395;
const PG_PORT = 5445;
const REDIRECT_PORT = 18095;
const CODES = ['fault-a', 'fault-b', 'fault-c', 'fault-d'];

interface Phase {
  fault: string;
  sent: number;
  failed: number;
  counted: number;
}

describe('fault injection: every answered click is counted exactly once', () => {
  let redis: OwnService;
  let postgres: OwnService;
  let db: pg.Pool;
  let redirector: ChildProcess;
  const workers: ChildProcess[] = [];
  const results: Phase[] = [];
  const env = (): Record<string, string> => ({
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults',
    REDIRECT_PORT: String(REDIRECT_PORT),
    LOG_LEVEL: 'error',
    CLICK_FLUSH_MS: '25',
    WORKER_LOCK_MS: '3000',
    WORKER_CONCURRENCY: '2',
  });
  const startWorker = async () => {
    const w = (await startBuiltProcess('worker', env())).child;
    workers.push(w);
    return w;
  };
  const stopProcess = async (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };

  /** Sends clicks with a few connections until `stop()` and counts the answers. */
  function load() {
    let running = true;
    let sent = 0;
    let failed = 0;
    const loop = async (i: number) => {
      while (running) {
        try {
          const res = await fetch(`http://127.0.0.1:${REDIRECT_PORT}/s/${CODES[(sent + i) % CODES.length]}`, {
            redirect: 'manual',
            headers: { 'user-agent': BROWSER },
          });
          await res.arrayBuffer();
          if (res.status === 302) sent++;
          else failed++;
        } catch {
          failed++;
        }
        await sleep(2);
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
        return { sent, failed };
      },
    };
  }

  const counted = async () => {
    for (;;) {
      try {
        const { rows } = await db.query('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM clicks');
        expect(rows[0].n).toBe(rows[0].d);
        return rows[0].n as number;
      } catch (err) {
        if ((err as Error).message?.includes('expect')) throw err;
        await sleep(200);
      }
    }
  };
  /** Waits until the clicks table holds `expected` rows (or stops growing for 20 s). */
  const drained = async (expected: number) => {
    let last = -1;
    let stableSince = Date.now();
    for (;;) {
      const n = await counted();
      if (n === expected) return n;
      if (n !== last) {
        last = n;
        stableSince = Date.now();
      } else if (Date.now() - stableSince > 20_000) return n;
      await sleep(250);
    }
  };

  async function phase(fault: string, inject: () => Promise<void>) {
    const before = await counted();
    const l = load();
    await sleep(1500);
    await inject();
    await sleep(1500);
    const { sent, failed } = await l.stop();
    const after = await drained(before + sent);
    results.push({ fault, sent, failed, counted: after - before });
  }

  beforeAll(async () => {
    redis = await startOwnRedis(REDIS_PORT);
    postgres = await startOwnPostgres(PG_PORT);
    await ensureDatabase(postgres.url);
    const ds = await connectPostgres(postgres.url);
    await migrate(ds);
    const owner = randomUUID();
    for (const code of CODES) {
      await ds.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
         VALUES ($1, $2, $3, $3, 'https://example.com/' || $3, now(), now())`,
        [randomUUID(), owner, code],
      );
    }
    await ds.destroy();
    db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    db.on('error', () => undefined);
    redirector = (await startBuiltProcess('redirector', env(), { waitForUrl: `http://127.0.0.1:${REDIRECT_PORT}/healthz` })).child;
    await startWorker();
  });

  afterAll(async () => {
    console.log(
      ['fault                         clicks sent   clicks counted   failed redirects']
        .concat(
          results.map((r) => `${r.fault.padEnd(30)}${String(r.sent).padStart(11)}${String(r.counted).padStart(17)}${String(r.failed).padStart(19)}`),
        )
        .join('\n'),
    );
    await Promise.all([redirector, ...workers].filter(Boolean).map((c) => stopProcess(c, 'SIGKILL')));
    await db?.end();
    await redis?.destroy();
    await postgres?.destroy();
  });

  it('kill -9 of the worker mid-load, then a new worker', async () => {
    await phase('kill -9 worker', async () => {
      await stopProcess(workers[0], 'SIGKILL');
      await sleep(500);
      await startWorker();
    });
    const r = results.at(-1)!;
    expect(r.failed).toBe(0);
    expect(r.counted).toBe(r.sent);
  });

  it('Redis restarted mid-load', async () => {
    await phase('restart Redis', async () => {
      await redis.stop('kill');
      await sleep(1500);
      await redis.start();
    });
    const r = results.at(-1)!;
    expect(r.failed).toBe(0);
    expect(r.counted).toBe(r.sent);
  });

  it('Postgres stopped and started mid-load: cached links keep redirecting', async () => {
    await phase('stop + start Postgres', async () => {
      await postgres.stop();
      await sleep(2000);
      await postgres.start();
    });
    const r = results.at(-1)!;
    expect(r.failed).toBe(0);
    expect(r.counted).toBe(r.sent);
  });

  it('three workers at once', async () => {
    await phase('three workers at once', async () => {
      await startWorker();
      await startWorker();
    });
    const r = results.at(-1)!;
    expect(r.failed).toBe(0);
    expect(r.counted).toBe(r.sent);
    const { rows } = await db.query('SELECT sum(click_count)::int AS n FROM link_stats');
    expect(rows[0].n).toBe(await counted());
  });
});
