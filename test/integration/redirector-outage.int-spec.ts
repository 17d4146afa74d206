import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { eventually, startRedirectorFixture } from './redirector-fixture.js';

/** A spare port for a redis-server of our own (never the shared one). */
function sparePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined);
  await eventually(async () => {
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    }
  });
  probe.disconnect();
  return child;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('redirector while its Redis is down', () => {
  it('keeps redirecting cached links, buffers the clicks and delivers each exactly once after Redis is back', async () => {
    const port = await sparePort();
    let redis = await startRedis(port);
    const f = await startRedirectorFixture({}, `redis://127.0.0.1:${port}`);
    try {
      const warm = await f.insertLink('warm', 'https://example.com/warm');
      const cold = await f.insertLink('cold', 'https://example.com/cold');
      expect((await f.get('/s/warm', {}, 'HEAD')).status).toBe(302); // warms the LRU, no click

      await kill(redis);
      await eventually(async () => f.app.redis.status !== 'ready');
      const outage = [];
      for (let i = 0; i < 30; i++) outage.push(await f.get('/s/warm', { 'user-agent': `outage ${i}` }));
      outage.push(await f.get('/s/cold')); // not cached: straight from Postgres
      expect(outage.map((r) => r.status)).toEqual(Array(31).fill(302));
      expect(outage[30].headers.location).toBe('https://example.com/cold');
      await new Promise((r) => setTimeout(r, 300));
      expect(f.app.clicks.stats()).toMatchObject({ accepted: 31, flushed: 0, buffered: 31, dropped: 0 });

      redis = await startRedis(port);
      await eventually(async () => f.app.clicks.stats().flushed === 31, 15_000);
      const clicks = await f.queuedClicks();
      expect(clicks).toHaveLength(31);
      expect(new Set(clicks.map((c) => c.id)).size).toBe(31);
      expect(clicks.filter((c) => c.linkId === warm)).toHaveLength(30);
      expect(clicks.filter((c) => c.linkId === cold)).toHaveLength(1);
      expect(f.app.clicks.stats()).toMatchObject({ buffered: 0, dropped: 0 });
    } finally {
      await f.close();
      await kill(redis);
    }
  }, 60_000);
});

describe('redirector whose click thread dies', () => {
  it('starts a new click thread at once and queues the clicks made after it, each once', async () => {
    const f = await startRedirectorFixture();
    try {
      await f.insertLink('thread', 'https://example.com/thread');
      expect((await f.get('/s/thread')).status).toBe(302);
      await eventually(async () => f.app.clicks.stats().flushed === 1);
      const first = f.app.clicks.thread;
      await first.terminate();
      const after = [];
      for (let i = 0; i < 20; i++) after.push(await f.get('/s/thread', { 'user-agent': `after ${i}` }));
      expect(after.map((r) => r.status)).toEqual(Array(20).fill(302));
      await eventually(async () => f.app.clicks.stats().flushed === 21, 15_000);
      expect(f.app.clicks.thread).not.toBe(first);
      const clicks = await f.queuedClicks();
      expect(clicks).toHaveLength(21);
      expect(new Set(clicks.map((c) => c.id)).size).toBe(21);
      expect(f.app.clicks.stats()).toMatchObject({ accepted: 21, flushed: 21, buffered: 0, dropped: 0 });
    } finally {
      await f.close();
    }
  }, 60_000);
});
