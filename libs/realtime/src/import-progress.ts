import type { Redis } from 'ioredis';
import { redisKeys, type ImportProgressEvent } from '@app/contracts';
import { duplicateSubscriber } from '@app/queue';
import type { LiveSubscription } from './live-channel.js';

interface ImportProgressMessage {
  ownerId: string;
  event: ImportProgressEvent;
}

/** Worker side: one message per progress step of an import. */
export async function publishImportProgress(redis: Redis, prefix: string, ownerId: string, event: ImportProgressEvent): Promise<void> {
  await redis.publish(redisKeys(prefix).importProgressChannel, JSON.stringify({ ownerId, event } satisfies ImportProgressMessage));
}

/** Api side: every instance hears every message and relays it to its own sockets of the owner. */
export async function subscribeImportProgress(
  redis: Redis,
  prefix: string,
  onProgress: (ownerId: string, event: ImportProgressEvent) => void,
): Promise<LiveSubscription> {
  const channel = redisKeys(prefix).importProgressChannel;
  const sub = duplicateSubscriber(redis);
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(message) as ImportProgressMessage;
      if (typeof m?.ownerId === 'string' && typeof m.event?.id === 'string') onProgress(m.ownerId, m.event);
    } catch {
      /* malformed: dropped */
    }
  });
  await sub.subscribe(channel);
  return { close: async () => void (await sub.quit().catch(() => sub.disconnect())) };
}
