import type { Redis } from 'ioredis';
import { createClusterRedis, createRedis, retryForever, type RedisNode } from '@app/queue';
import { describeConnectionError } from '@app/config';

/**
 * The redirector's Redis connections. Commands fail at once while Redis is down (no offline queue, a command
 * timeout for a hung server), so lookups fall through to Postgres and click batches go to the memory buffer.
 * Boot fails with one clear line; after boot, reconnect forever.
 */
export async function openRedis(url: string, failFast: boolean, clusterNodes: RedisNode[] = []): Promise<Redis> {
  const options = { retryStrategy: () => null, ...(failFast ? { enableOfflineQueue: false, commandTimeout: 2000, maxRetriesPerRequest: 0 } : {}) };
  const redis = clusterNodes.length > 0 ? createClusterRedis(clusterNodes, options) : createRedis(url, options);
  let cause: unknown;
  const remember = (err: unknown) => (cause ??= err);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    const where = clusterNodes.length > 0 ? `cluster ${clusterNodes.map((n) => `${n.host}:${n.port}`).join(',')}` : url;
    throw new Error(describeConnectionError('Redis', where, cause ?? err)); // the socket error says why, not 'Connection is closed'
  }
  redis.off('error', remember);
  redis.on('error', () => undefined);
  retryForever(redis, (times: number) => Math.min(50 * 2 ** Math.min(times, 6), 2000));
  return redis;
}
