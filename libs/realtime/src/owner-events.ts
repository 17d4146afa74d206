import type { Redis } from 'ioredis';
import { duplicateSubscriber } from '@app/queue';
import type { LiveSubscription } from './live-channel.js';

interface OwnerMessage<E> {
  ownerId: string;
  event: E;
}

/**
 * Progress of one user's background work (imports, bulk actions): the worker publishes on a channel, every api
 * instance hears every message and relays it to its own sockets of that user.
 */
export async function publishOwnerEvent<E extends { id: string }>(redis: Redis, channel: string, ownerId: string, event: E): Promise<void> {
  await redis.publish(channel, JSON.stringify({ ownerId, event } satisfies OwnerMessage<E>));
}

export async function subscribeOwnerEvents<E extends { id: string }>(
  redis: Redis,
  channel: string,
  onEvent: (ownerId: string, event: E) => void,
): Promise<LiveSubscription> {
  const sub = duplicateSubscriber(redis);
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(message) as OwnerMessage<E>;
      if (typeof m?.ownerId === 'string' && typeof m.event?.id === 'string') onEvent(m.ownerId, m.event);
    } catch {
      /* malformed: dropped */
    }
  });
  await sub.subscribe(channel);
  return { close: async () => void (await sub.quit().catch(() => sub.disconnect())) };
}
