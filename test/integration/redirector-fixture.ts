import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger, loadConfig } from '@app/config';
import { redisKeys, type ClickBatchJob, type ClickEvent } from '@app/contracts';
import { createQueue } from '@app/queue';
import { createTestDatabase, cleanRedisPrefix, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { decodeClickBatch } from '@app/clicks';
import { startRedirector, type Redirector } from '../../apps/redirector/app.js';
import type { TestApi } from '../helpers/test-api.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One redirector in-process on port 0, over its own database and Redis prefix. */
export async function startRedirectorFixture(env: Record<string, string> = {}, redisUrl = testRedisUrl(), db?: TestDatabase) {
  const database = db ?? (await createTestDatabase());
  const prefix = testRedisPrefix();
  const config = loadConfig({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    REDIRECT_PORT: '0',
    SHORT_BASE_URL: 'http://lp.test',
    CLICK_FLUSH_MS: '20',
    LOG_LEVEL: 'error',
    ...env,
  });
  const app: Redirector = await startRedirector(config, createLogger('redirector-test', 'error'));
  const control = new Redis(redisUrl, { maxRetriesPerRequest: null });
  control.on('error', () => undefined);
  const keys = redisKeys(prefix);

  return {
    app,
    db: database,
    prefix,
    keys,
    control,
    async insertDomain(domain: string, isActive = true): Promise<string> {
      const id = randomUUID();
      await database.dataSource.query(`INSERT INTO domains (id, owner_id, domain, is_active, created_at) VALUES ($1, $2, $3, $4, now())`, [
        id,
        randomUUID(),
        domain,
        isActive,
      ]);
      return id;
    },
    async insertLink(
      code: string,
      url: string,
      extra: { domainId?: string; ogTitle?: string; ogDescription?: string; ogImage?: string } = {},
    ): Promise<string> {
      const id = randomUUID();
      await database.dataSource.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, domain_id, og_title, og_description, og_image, created_at, updated_at)
         VALUES ($1, $2, 'Test', $3, $4, $5, $6, $7, $8, now(), now())`,
        [id, randomUUID(), code, url, extra.domainId ?? null, extra.ogTitle ?? null, extra.ogDescription ?? null, extra.ogImage ?? null],
      );
      return id;
    },
    /** What the links API does after a change: fix the Redis entry, drop the miss marker, publish. */
    async invalidate(host: string, code: string, cached?: object) {
      if (cached) await control.set(keys.link(host, code), JSON.stringify(cached));
      else await control.del(keys.link(host, code));
      await control.del(keys.linkMiss(host, code));
      await control.publish(keys.invalidationChannel, JSON.stringify({ host, code }));
    },
    get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
      return send(app.port, path, headers, method);
    },
    async queuedJobs(): Promise<ClickBatchJob[]> {
      const queue = createQueue('clicks', control, prefix);
      const jobs = await queue.getJobs(['wait', 'delayed', 'prioritized', 'active', 'completed', 'failed'], 0, -1);
      await queue.close();
      return jobs.map((j) => {
        const decoded = decodeClickBatch(j.data);
        if (!decoded.ok) throw new Error(decoded.reason);
        return { clicks: decoded.clicks as ClickEvent[] };
      });
    },
    async queuedClicks(): Promise<ClickEvent[]> {
      return (await this.queuedJobs()).flatMap((j) => j.clicks);
    },
    async close(opts: { keepDb?: boolean } = {}) {
      await app.close(2000).catch(() => undefined);
      await cleanRedisPrefix(control, prefix).catch(() => undefined);
      control.disconnect();
      if (!opts.keepDb) await database.drop();
    },
  };
}

export function send(port: number, path: string, headers: Record<string, string>, method: string, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface VisitOptions {
  method?: string;
  headers?: Record<string, string>;
  /** An url-encoded form body (the password form's POST). */
  form?: string;
}

/** A visit to `lp.test` as a browser with `userAgent` (headers override it); `form` is posted url-encoded. */
export const visitAs =
  (userAgent: string) =>
  (port: number, path: string, opts: VisitOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { host: 'lp.test', 'user-agent': userAgent, ...(opts.headers ?? {}) };
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(opts.form));
    }
    return send(port, path, headers, opts.method ?? 'GET', opts.form);
  };

/** Redirectors in-process on port 0 over a test api's database and Redis prefix, short host `lp.test`, behind a proxy. */
export async function startApiRedirectors(api: TestApi, count: number, logName: string): Promise<Redirector[]> {
  const config = loadConfig({
    DATABASE_URL: api.config.databaseUrl,
    REDIS_URL: api.config.redisUrl,
    REDIS_PREFIX: api.config.redisPrefix,
    REDIRECT_PORT: '0',
    SHORT_BASE_URL: 'http://lp.test',
    CLICK_FLUSH_MS: '10',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
  });
  const log = createLogger(logName, 'error');
  return Promise.all(Array.from({ length: count }, () => startRedirector(config, log)));
}

/** Polls `check` until it returns true or `ms` pass; returns the elapsed ms. */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`condition not met within ${ms} ms`);
}
