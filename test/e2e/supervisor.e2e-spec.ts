import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropDatabase } from '@app/database';
import { cleanRedisPrefix, testRedisPrefix } from '@app/testing';
import { connectRedis } from '@app/queue';

/** `npm start` (dist/apps/supervisor): prepares the system, runs api + redirector + worker, restarts a crashed one. */
describe('supervisor (npm start)', () => {
  const dbUrl = `postgres://postgres@127.0.0.1:5432/lp_sup_${process.pid}`;
  const prefix = testRedisPrefix();
  const API_PORT = 18110;
  const REDIRECT_PORT = 18111;
  let sup: ChildProcess;
  const lines: any[] = [];
  let stdout = '';

  beforeAll(async () => {
    sup = spawn(process.execPath, ['dist/apps/supervisor/main.js'], {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        REDIS_PREFIX: prefix,
        API_PORT: String(API_PORT),
        REDIRECT_PORT: String(REDIRECT_PORT),
        ADMIN_PASSWORD: '',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    sup.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of chunk.toString().split('\n')) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          /* plain text */
        }
      }
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${API_PORT}/api/health/live`).catch(() => null))?.ok === true);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${REDIRECT_PORT}/healthz`).catch(() => null))?.ok === true);
  });

  afterAll(async () => {
    if (sup && sup.exitCode === null) {
      const exited = new Promise((r) => sup.once('exit', r));
      sup.kill('SIGTERM');
      await exited;
    }
    const redis = await connectRedis('redis://127.0.0.1:6379');
    await cleanRedisPrefix(redis, prefix);
    await redis.quit();
    await dropDatabase(dbUrl);
  });

  it('prints the URLs and a generated admin password once, and that password signs in', async () => {
    expect(stdout).toContain(`http://localhost:${API_PORT}`);
    expect(stdout).toContain(`/api/docs`);
    const m = /Admin password \(shown once\): (\S+)/.exec(stdout);
    expect(m).not.toBeNull();
    const res = await fetch(`http://127.0.0.1:${API_PORT}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: m![1] }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ username: 'admin', isAdmin: true, isApproved: true });
  });

  it('restarts a crashed process while the others keep serving', async () => {
    const pidOf = (name: string) => lines.filter((l) => l.msg === 'process started' && l.process === name).at(-1)?.pid as number;
    const first = pidOf('redirector');
    expect(first).toBeGreaterThan(0);
    process.kill(first, 'SIGKILL');
    // The api keeps answering while the redirector is down.
    expect((await fetch(`http://127.0.0.1:${API_PORT}/api/health/live`)).status).toBe(200);
    await waitFor(() => Promise.resolve(pidOf('redirector') !== first));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${REDIRECT_PORT}/healthz`).catch(() => null))?.ok === true);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error('timed out');
}
