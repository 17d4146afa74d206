import type { Redis } from 'ioredis';
import { redisKeys, type BulkActionDto, type ImportProgressEvent } from '@app/contracts';
import type { LiveSubscription } from './live-channel.js';
import { publishOwnerEvent, subscribeOwnerEvents } from './owner-events.js';

/** Worker side: one message per progress step of an import. */
export async function publishImportProgress(redis: Redis, prefix: string, ownerId: string, event: ImportProgressEvent): Promise<void> {
  await publishOwnerEvent(redis, redisKeys(prefix).importProgressChannel, ownerId, event);
}

/** Api side: every instance hears every message and relays it to its own sockets of the owner. */
export function subscribeImportProgress(
  redis: Redis,
  prefix: string,
  onProgress: (ownerId: string, event: ImportProgressEvent) => void,
): Promise<LiveSubscription> {
  return subscribeOwnerEvents(redis, redisKeys(prefix).importProgressChannel, onProgress);
}

/** Worker side: a bulk action's progress after each chunk of links, to the members of the workspace it acts in. */
export async function publishBulkActionProgress(redis: Redis, prefix: string, workspaceId: string, event: BulkActionDto): Promise<void> {
  await publishOwnerEvent(redis, redisKeys(prefix).bulkActionProgressChannel, workspaceId, event);
}

/** Api side: bulk action progress relayed to the workspace's sockets. */
export function subscribeBulkActionProgress(
  redis: Redis,
  prefix: string,
  onProgress: (workspaceId: string, event: BulkActionDto) => void,
): Promise<LiveSubscription> {
  return subscribeOwnerEvents(redis, redisKeys(prefix).bulkActionProgressChannel, onProgress);
}
