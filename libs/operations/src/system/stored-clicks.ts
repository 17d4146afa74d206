import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

/** A second's counter outlives the minute it is read in. */
const KEEP_SECONDS = 120;
const MINUTE = 60;

/** The worker, after each committed ingest transaction: `count` clicks stored now (in this second's counter). */
export async function recordStoredClicks(redis: Redis, prefix: string, count: number, nowMs = Date.now()): Promise<void> {
  const key = redisKeys(prefix).clicksStored(Math.floor(nowMs / 1000));
  await redis.multi().incrby(key, count).expire(key, KEEP_SECONDS).exec();
}

/** Clicks stored by every worker in the last 60 seconds, this one included (System Management). */
export async function storedClicksLastMinute(redis: Redis, prefix: string, nowMs = Date.now()): Promise<number> {
  const keys = redisKeys(prefix);
  const now = Math.floor(nowMs / 1000);
  const counts = await redis.mget(Array.from({ length: MINUTE }, (_, i) => keys.clicksStored(now - i)));
  return counts.reduce((sum, n) => sum + Number(n ?? 0), 0);
}
