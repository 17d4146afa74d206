/** The Redis key layout, in one place. Every key starts with the deployment prefix (REDIS_PREFIX). */
export const DEFAULT_HOST_KEY = '_';
export const redisKeys = (prefix: string) => ({
  /** JSON CachedLink for (host, code); host is DEFAULT_HOST_KEY on the default short host, else the lowercased custom domain. */
  link: (host: string, code: string) => `${prefix}:link:${host}:${code}`,
  /** Negative cache marker for a miss, short TTL. */
  linkMiss: (host: string, code: string) => `${prefix}:miss:${host}:${code}`,
  /** Pub/sub channel: message is JSON {host, code} of a link that changed or was deleted. */
  invalidationChannel: `${prefix}:link-invalidate`,
  /** Pub/sub channel: live click summaries published by the worker. */
  liveChannel: `${prefix}:live`,
  /** Rate-limit counter. */
  rateLimit: (scope: string, id: string) => `${prefix}:rl:${scope}:${id}`,
  /** BullMQ prefix for queues. */
  bullPrefix: `${prefix}:bull`,
  /** Heartbeats of running processes: hash of id → last seen ms. */
  heartbeats: `${prefix}:heartbeats`,
});
