// npm run bench:click-path — what the redirector's click path costs per click, without HTTP and without wrk: the
// built ClickChannel (request-thread side, click thread, BullMQ add) fed the bench mix's visits at a steady rate.
// wrk runs move by several percent from round to round; this moves by hundredths of a µs, so a change to the click
// path can be judged here first. Prints CPU µs per click of this process's main thread (the request thread's share:
// building each visit and handing it over, plus this loop), of its other threads (the click thread, V8's helpers),
// and of Redis; then checks that every click was queued exactly once.
// BENCH_CLICKS (700,000 measured after as many to warm up), BENCH_RATE (70,000 clicks/s, what one redirector serves
// under wrk here); BENCH_REDIS_PORT runs a private redis-server there, so its CPU can be read alone.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { cpuMs, cpuMsSplit } from './lib/cpu-time.js';
import { countQueuedClicks } from './lib/count-clicks.js';
import { deleteKeysUnder } from './lib/redis-keys.js';
import { mixSummary, requestMix } from './lib/request-mix.js';
import { benchRedis, uptime } from './lib/system.js';

const CHANNEL = 'dist/apps/redirector/clicks/click-channel.js';
const CLICKS = Number(process.env.BENCH_CLICKS ?? 700_000);
const RATE = Number(process.env.BENCH_RATE ?? 70_000);
const BURST = 500;

async function main() {
  if (!existsSync(CHANNEL)) throw new Error(`${CHANNEL} is missing: run npm run build:server first`);
  const { ClickChannel } = await import(`../${CHANNEL}`);
  const { createLogger } = await import('../dist/libs/config/src/index.js');
  console.log(`start: ${uptime()}`);
  const redisServer = await benchRedis();
  const prefix = `lpbench-clickpath-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(redisServer.url);
  const codes = Array.from({ length: 1000 }, (_, i) => `bench${i + 1}`);
  // Link ids as the redirector's LRU holds them: flat strings, one per link.
  const ids = new Map(codes.map((c) => [c, Buffer.from(randomUUID()).toString('latin1')]));
  const mix = requestMix(codes);
  const visits = mix.map((r) => ({ linkId: ids.get(r.path.slice(3)), h: r.headers }));
  const channel = await ClickChannel.start(
    { redisUrl: redisServer.url, redisPrefix: prefix, clickBatchSize: 500, clickFlushMs: 25, clickBufferMax: 1_000_000, trustProxy: 1 },
    createLogger('bench', 'warn'),
  );
  try {
    /** Adds `n` visits in bursts of 500 at RATE, then waits until the thread has queued them all. */
    const feed = async (n) => {
      const target = channel.stats().accepted + n;
      for (let i = 0; i < n;) {
        for (let k = 0; k < BURST && i < n; k++, i++) {
          const v = visits[i % visits.length];
          channel.add({
            linkId: v.linkId,
            atMs: Date.now(),
            forwardedFor: v.h['X-Forwarded-For'],
            remoteAddress: '127.0.0.1',
            userAgent: v.h['User-Agent'],
            referer: v.h.Referer,
            host: v.h.Host,
            query: '',
            variant: -1,
          });
        }
        await new Promise((r) => setTimeout(r, (BURST / RATE) * 1000));
      }
      while (channel.stats().flushed < target) await new Promise((r) => setTimeout(r, 20));
    };
    await feed(CLICKS);
    const before = { self: cpuMsSplit(process.pid), redis: cpuMs(redisServer.pid), at: performance.now() };
    await feed(CLICKS);
    const after = { self: cpuMsSplit(process.pid), redis: cpuMs(redisServer.pid), at: performance.now() };
    const us = (ms) => ((ms * 1000) / CLICKS).toFixed(2);
    const seconds = (after.at - before.at) / 1000;
    console.log(`click path: ${CLICKS.toLocaleString('en-US')} clicks at ${RATE.toLocaleString('en-US')}/s (${mixSummary(mix)})`);
    console.log(
      `CPU µs per click: request thread ${us(after.self.main - before.self.main)} (incl. this feeding loop), click thread + V8 helpers ${us(after.self.others - before.self.others)}, Redis ${us(after.redis - before.redis)}${redisServer.shared ? ' (shared server: includes other clients)' : ''}`,
    );
    console.log(`took ${seconds.toFixed(1)} s (${Math.round(CLICKS / seconds).toLocaleString('en-US')} clicks/s)`);
    await channel.flushAndClose();
    const queued = await countQueuedClicks(redis, prefix);
    const exact = queued.clicks === 2 * CLICKS && queued.uniqueIds === 2 * CLICKS;
    console.log(
      `clicks: ${(2 * CLICKS).toLocaleString('en-US')} added → ${queued.clicks.toLocaleString('en-US')} in ${queued.jobs.toLocaleString('en-US')} jobs, ${queued.uniqueIds.toLocaleString('en-US')} unique ids: ${exact ? 'every click queued exactly once' : 'MISMATCH'}`,
    );
    console.log(`end: ${uptime()}`);
    process.exitCode = exact ? 0 : 1;
  } finally {
    await channel.flushAndClose();
    await deleteKeysUnder(redis, prefix);
    redis.disconnect();
    await redisServer.stop();
  }
}

main().catch((err) => {
  console.error(`bench:click-path failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
