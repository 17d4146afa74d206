import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl } from '@app/testing';

/** The real system for browser tests: built api + redirector + worker as processes on their own DB, Redis prefix and ports. */
export interface RunningSystem {
  apiUrl: string;
  shortBaseUrl: string;
  admin: { username: string; password: string };
  logs: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Builds what is missing (server and web), then starts the three processes. */
export async function startSystem(extraEnv: Record<string, string> = {}): Promise<RunningSystem> {
  const missing = ['dist/apps/api/main.js', 'dist/apps/redirector/main.js', 'dist/apps/worker/main.js'].some((f) => !existsSync(f));
  if (missing) spawnSync('npm', ['run', 'build:server'], { stdio: 'ignore' });
  if (!existsSync('dist/web/index.html')) spawnSync('npm', ['run', 'build:web'], { stdio: 'ignore' });
  const db = await createTestDatabase();
  await db.dataSource.destroy();
  const prefix = testRedisPrefix();
  const [apiPort, redirectPort] = [await freePort(), await freePort()];
  const admin = { username: 'admin', password: 'browser-admin-pass-1' };
  const shortBaseUrl = `http://127.0.0.1:${redirectPort}`;
  const env = {
    ...process.env,
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
    ...extraEnv,
  };
  let output = '';
  const procs: ChildProcess[] = [];
  const start = (name: string) => {
    const p = spawn(process.execPath, [`dist/apps/${name}/main.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout?.on('data', (d) => (output += `[${name}] ${d}`));
    p.stderr?.on('data', (d) => (output += `[${name}] ${d}`));
    procs.push(p);
  };
  start('api');
  await waitFor(`http://127.0.0.1:${apiPort}/api/health/live`);
  start('redirector');
  start('worker');
  await waitFor(`${shortBaseUrl}/s/none-such`);
  await sleep(500);
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    shortBaseUrl,
    admin,
    logs: () => output,
    async stop() {
      await Promise.all(
        procs.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.exitCode !== null) return resolve();
              const timer = setTimeout(() => p.kill('SIGKILL'), 10_000);
              p.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              p.kill('SIGTERM');
            }),
        ),
      );
      const redis = await connectRedis(testRedisUrl());
      await cleanRedisPrefix(redis, prefix);
      await redis.quit();
      await db.drop();
    },
  };
}
