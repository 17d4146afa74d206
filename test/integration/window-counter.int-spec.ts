import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { connectRedis, countInWindow, peekWindow } from '@app/queue';
import { cleanRedisPrefix, testRedisPrefix, testRedisUrl } from '@app/testing';

/** The one fixed-window counter every limit uses (sign-in, account back-off, API keys, SSL, password tries). */
describe('countInWindow / peekWindow (real Redis)', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;

  beforeAll(async () => {
    redis = await connectRedis(testRedisUrl());
  });
  afterAll(async () => {
    await cleanRedisPrefix(redis, prefix);
    await redis.quit();
  });

  it('counts every hit of a window, concurrent ones included, and only the first hit sets its end', async () => {
    const key = `${prefix}:hits`;
    const counts = await Promise.all(Array.from({ length: 25 }, () => countInWindow(redis, key, 600)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    await redis.expire(key, 100); // later hits must not push the end back
    expect(await countInWindow(redis, key, 600)).toBe(26);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(100);
    expect(await peekWindow(redis, key)).toEqual({ count: 26, secondsLeft: expect.any(Number) });
    expect((await peekWindow(redis, key)).secondsLeft).toBeGreaterThan(0);
  });

  it('peeks without counting, and reports no window as 0 hits', async () => {
    const key = `${prefix}:peek`;
    expect(await peekWindow(redis, key)).toEqual({ count: 0, secondsLeft: 0 });
    await countInWindow(redis, key, 600);
    await peekWindow(redis, key);
    expect((await peekWindow(redis, key)).count).toBe(1);
  });

  it('starts again from 1 once the window has closed', async () => {
    const key = `${prefix}:short`;
    expect(await countInWindow(redis, key, 1)).toBe(1);
    expect(await countInWindow(redis, key, 1)).toBe(2);
    while ((await redis.exists(key)) === 1) await sleep(100);
    expect(await countInWindow(redis, key, 1)).toBe(1);
  });

  it('rejects when Redis refuses the counter, so the caller decides whether to fail open', async () => {
    const key = `${prefix}:not-a-counter`;
    await redis.rpush(key, 'x');
    await expect(countInWindow(redis, key, 60)).rejects.toThrow(/WRONGTYPE/);
  });
});
