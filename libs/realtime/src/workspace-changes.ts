import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';
import { duplicateSubscriber } from '@app/queue';
import type { LiveSubscription } from './live-channel.js';

/**
 * A workspace event, after its commit: `type` is the stored event type; `joined`/`left` name a user whose sockets
 * must join or leave the workspace's room (member added, removed, workspace or user deleted).
 */
export interface WorkspaceChangeMessage {
  workspaceId: string;
  type: string;
  joined?: string;
  left?: string;
}

export async function publishWorkspaceChange(redis: Redis, prefix: string, message: WorkspaceChangeMessage): Promise<void> {
  await redis.publish(redisKeys(prefix).workspaceChannel, JSON.stringify(message));
}

/** Api side: every instance hears every change and applies it to its own sockets. */
export async function subscribeWorkspaceChanges(
  redis: Redis,
  prefix: string,
  onChange: (m: WorkspaceChangeMessage) => void,
): Promise<LiveSubscription> {
  const channel = redisKeys(prefix).workspaceChannel;
  const sub = duplicateSubscriber(redis);
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const m = JSON.parse(message) as WorkspaceChangeMessage;
      if (typeof m?.workspaceId === 'string' && typeof m.type === 'string') onChange(m);
    } catch {
      /* malformed: dropped */
    }
  });
  await sub.subscribe(channel);
  return { close: async () => void (await sub.quit().catch(() => sub.disconnect())) };
}
