import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl } from '@app/testing';
import { startTestDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { ensureBuilt, freePort, startBuiltProcess } from '../../helpers/processes.js';

/** The real system for browser tests: built api + redirector + worker as processes on their own DB, Redis prefix and ports. */
export interface RunningSystem {
  apiUrl: string;
  shortBaseUrl: string;
  admin: { username: string; password: string };
  /** The system's own database, for a suite that seeds what no visit can make (clicks of past days). */
  databaseUrl: string;
  /** The DNS server the processes verify custom domains against (DNS_SERVERS). */
  dns: TestDnsServer;
  logs: () => string;
  stop(): Promise<void>;
}

/** True once `file` exists, waiting up to `ms` (another build in the shared checkout may be rewriting dist/). */
async function appears(file: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
  return true;
}

/** Every asset named by index.html or by a chunk is in the copy (a build in progress leaves holes). */
function isComplete(dir: string): boolean {
  if (!existsSync(join(dir, 'index.html'))) return false;
  const assets = existsSync(join(dir, 'assets')) ? readdirSync(join(dir, 'assets')) : [];
  const texts = [
    readFileSync(join(dir, 'index.html'), 'utf8'),
    ...assets.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dir, 'assets', f), 'utf8')),
  ];
  const have = new Set(assets);
  return texts.every((text) => [...text.matchAll(/assets\/([\w.-]+\.(?:js|css))/g)].every((m) => have.has(m[1])));
}

/**
 * A private copy of the built web app: the api serves it (WEB_DIST), so a rebuild of dist/web by someone else mid-run
 * cannot swap the hashed chunks under the open page (a lazy route would 404).
 */
async function privateWebCopy(): Promise<string> {
  if (!(await appears('dist/web/index.html', 60_000))) spawnSync('npm', ['run', 'build:web'], { stdio: 'ignore' });
  const dir = mkdtempSync(join(tmpdir(), 'linkpulse-web-'));
  for (let attempt = 0; ; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      cpSync('dist/web', dir, { recursive: true });
      if (isComplete(dir)) return dir;
    } catch (err) {
      if (attempt >= 5) throw err;
    }
    if (attempt >= 30) throw new Error('dist/web stays incomplete; run npm run build:web');
    await sleep(2000);
  }
}

/**
 * Builds what is missing (server and web), then starts the three processes. `envForPorts` adds variables that name
 * the chosen ports (APP_URL, SHORT_BASE_URL on other host names).
 */
export async function startSystem(
  extraEnv: Record<string, string> = {},
  envForPorts?: (ports: { api: number; redirect: number }) => Record<string, string>,
): Promise<RunningSystem> {
  ensureBuilt(['api', 'redirector', 'worker']);
  const webDir = extraEnv.WEB_DIST ? null : await privateWebCopy();
  const db = await createTestDatabase();
  await db.dataSource.destroy();
  const prefix = testRedisPrefix();
  const dns = await startTestDnsServer();
  const [apiPort, redirectPort] = [await freePort(), await freePort()];
  const admin = { username: 'admin', password: 'browser-admin-pass-1' };
  const shortBaseUrl = `http://127.0.0.1:${redirectPort}`;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    API_PORT: String(apiPort),
    REDIRECT_PORT: String(redirectPort),
    SHORT_BASE_URL: shortBaseUrl,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    CLICK_FLUSH_MS: '10',
    DNS_SERVERS: dns.address,
    ...(webDir ? { WEB_DIST: webDir } : {}),
    ...extraEnv,
    ...envForPorts?.({ api: apiPort, redirect: redirectPort }),
  };
  const api = await startBuiltProcess('api', env, { waitForUrl: `http://127.0.0.1:${apiPort}/api/health/live` });
  const redirector = await startBuiltProcess('redirector', env, { waitForUrl: `http://127.0.0.1:${redirectPort}/healthz` });
  const worker = await startBuiltProcess('worker', env);
  const procs = [api, redirector, worker];
  await sleep(500);
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    shortBaseUrl,
    admin,
    databaseUrl: db.url,
    dns,
    logs: () => procs.map((p) => `[${p.name}] ${p.output()}`).join('\n'),
    async stop() {
      await Promise.all(procs.map((p) => p.stop()));
      const redis = await connectRedis(testRedisUrl());
      await cleanRedisPrefix(redis, prefix);
      await redis.quit();
      await db.drop();
      await dns.close();
      if (webDir) rmSync(webDir, { recursive: true, force: true });
    },
  };
}
