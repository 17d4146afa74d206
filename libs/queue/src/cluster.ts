import { Cluster, type Redis, type RedisOptions } from 'ioredis';
import { redisKeys } from '@app/contracts';

export interface RedisNode {
  host: string;
  port: number;
}

/**
 * An ioredis Cluster client for REDIS_CLUSTER_NODES, typed as Redis: every command LinkPulse sends has the same
 * signature on both, and the code that differs asks `isCluster` (multi-key work is split per hash slot, SCAN
 * visits every master, BullMQ keys carry a hash tag). `options` are the per-node options (as for createRedis).
 */
export function createClusterRedis(nodes: RedisNode[], options: RedisOptions = {}): Redis {
  const { enableOfflineQueue, retryStrategy, ...redisOptions } = options;
  const cluster = new Cluster(nodes, {
    redisOptions: { maxRetriesPerRequest: null, ...redisOptions },
    enableReadyCheck: true,
    lazyConnect: true,
    enableOfflineQueue: enableOfflineQueue ?? true,
    shardedSubscribers: true, // SSUBSCRIBE goes to the master of the channel's slot (live updates, socket.io)
    clusterRetryStrategy: retryStrategy ?? ((times) => Math.min(times * 200, 2000)),
  });
  return cluster as unknown as Redis;
}

/** After a boot that must not retry (retryStrategy () => null): reconnect forever with this backoff. */
export function retryForever(redis: Redis, backoff: (times: number) => number): void {
  if (isCluster(redis)) (redis as unknown as Cluster).options.clusterRetryStrategy = backoff;
  else redis.options.retryStrategy = backoff;
}

export const isCluster = (redis: Redis): boolean => (redis as unknown as { isCluster?: boolean }).isCluster === true;

/**
 * The BullMQ prefix of every queue. On a cluster it is one hash tag (`{lp:bull}`), so all keys of a queue share
 * a slot as BullMQ's Lua scripts require; on one node it stays `lp:bull` (queued jobs survive an upgrade).
 */
export const bullPrefixFor = (redis: Redis, prefix: string): string =>
  isCluster(redis) ? `{${redisKeys(prefix).bullPrefix}}` : redisKeys(prefix).bullPrefix;

/** Every key matching `pattern`: SCAN on one node, on each master of a cluster. */
export async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const nodes: Redis[] = isCluster(redis) ? (redis as unknown as Cluster).nodes('master') : [redis];
  const out: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      out.push(...found);
    } while (cursor !== '0');
  }
  return out;
}
