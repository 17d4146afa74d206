import type { Redis } from 'ioredis';
import { redisKeys, type LiveSummary } from '@app/contracts';
import { duplicateSubscriber, isCluster } from '@app/queue';

/**
 * Worker side: one summary per processed batch on the live channel. On a Redis Cluster it is sharded pub/sub
 * (SPUBLISH/SSUBSCRIBE: the message goes to the channel's shard only, not through every node's cluster bus).
 */
export async function publishLiveSummary(redis: Redis, prefix: string, summary: LiveSummary): Promise<void> {
  if (summary.links.length === 0) return;
  const channel = redisKeys(prefix).liveChannel;
  if (isCluster(redis)) await redis.spublish(channel, JSON.stringify(summary));
  else await redis.publish(channel, JSON.stringify(summary));
}

export interface LiveSubscription {
  close(): Promise<void>;
}

/**
 * Api side: a dedicated subscriber connection (a subscribed ioredis client can run nothing else) on the live
 * channel; malformed messages are dropped.
 */
export async function subscribeLiveSummaries(redis: Redis, prefix: string, onSummary: (s: LiveSummary) => void): Promise<LiveSubscription> {
  const channel = redisKeys(prefix).liveChannel;
  const sub = duplicateSubscriber(redis);
  const onMessage = (ch: string, message: string) => {
    if (ch !== channel) return;
    const summary = parseSummary(message);
    if (summary) onSummary(summary);
  };
  if (isCluster(redis)) {
    sub.on('smessage', onMessage);
    await sub.ssubscribe(channel);
  } else {
    sub.on('message', onMessage);
    await sub.subscribe(channel);
  }
  return {
    close: async () => {
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}

export function parseSummary(message: string): LiveSummary | null {
  try {
    const v = JSON.parse(message);
    if (!v || !Array.isArray(v.links)) return null;
    const links = v.links.filter(
      (l: any) => l && typeof l.linkId === 'string' && typeof l.ownerId === 'string' && Number.isFinite(l.clicks) && typeof l.lastClick === 'string',
    );
    return { links };
  } catch {
    return null;
  }
}
