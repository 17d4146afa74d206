import type { Redis } from 'ioredis';
import { describeConnectionError } from '@app/config';
import { createRedis } from './redis.js';
import { createClusterRedis, retryForever, type RedisNode } from './cluster.js';

/**
 * Opens Redis or throws one clear line naming the URL and how to start it (no retry loop at boot). With cluster
 * nodes (REDIS_CLUSTER_NODES) it opens an ioredis Cluster instead of `url`.
 */
export async function connectRedis(url: string, clusterNodes: RedisNode[] = []): Promise<Redis> {
  if (clusterNodes.length > 0) return connectCluster(clusterNodes);
  const redis = createRedis(url, { retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(describeConnectionError('Redis', url, err));
  }
  // Connected once: from now on reconnect forever with backoff.
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  return redis;
}

async function connectCluster(nodes: RedisNode[]): Promise<Redis> {
  const redis = createClusterRedis(nodes, { retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(describeConnectionError('Redis', `cluster ${nodes.map((n) => `${n.host}:${n.port}`).join(',')}`, err));
  }
  retryForever(redis, (times) => Math.min(times * 200, 2000));
  return redis;
}
