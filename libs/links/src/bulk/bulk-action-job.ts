import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BulkAction, BulkActionDto, BulkActionFailure } from '@app/contracts';
import { createQueue } from '@app/queue';
import type { Actor } from '../commands/actor.js';
import type { LinkFilter } from '../queries/link-list/link-filter.js';

/** Job `bulk-action` of queue `link-actions`; its id is the action's id, so queuing it twice is harmless. */
export interface BulkActionJob {
  id: string;
  actor: Actor;
  action: BulkAction;
  /** Exactly one of ids and filter. */
  ids?: string[];
  filter?: LinkFilter;
  /** addTags / removeTags: validated tags. */
  tags?: string[];
  /** setExpiry: an ISO instant, or null to clear. */
  expiresAt?: string | null;
  requestId?: string;
}

/** What the job reports as it goes (BullMQ job progress), read back by GET /api/links/bulk-actions/{id}. */
export interface BulkActionProgress {
  total: number;
  done: number;
  failed: BulkActionFailure[];
}

const KEEP_SECONDS = 24 * 3600;

export function createLinkActionsQueue(redis: Redis, prefix: string): Queue<BulkActionJob> {
  return createQueue<BulkActionJob>('link-actions', redis, prefix);
}

export async function queueBulkAction(queue: Queue<BulkActionJob>, job: BulkActionJob): Promise<void> {
  await queue.add('bulk-action', job, {
    jobId: job.id,
    attempts: 3,
    backoff: { type: 'fixed', delay: 1000 },
    // kept a day so its outcome can be read
    removeOnComplete: { age: KEEP_SECONDS },
    removeOnFail: { age: KEEP_SECONDS },
  });
}

/**
 * The action as the user who started it sees it, in the workspace it runs in; null when it does not exist, is someone
 * else's or was started in another workspace (a 404 either way: a member who left cannot follow it from elsewhere).
 */
export async function readBulkAction(
  queue: Queue<BulkActionJob>,
  id: string,
  reader: Pick<Actor, 'userId' | 'workspaceId'>,
): Promise<BulkActionDto | null> {
  const job: Job<BulkActionJob> | undefined = await queue.getJob(id);
  if (!job || job.data.actor.userId !== reader.userId || job.data.actor.workspaceId !== reader.workspaceId) return null;
  const state = await job.getState();
  const progress = (typeof job.progress === 'object' ? job.progress : null) as BulkActionProgress | null;
  const status = state === 'completed' ? 'done' : state === 'failed' ? 'failed' : 'running';
  return { id, status, total: progress?.total ?? 0, done: progress?.done ?? 0, failed: progress?.failed ?? [] };
}
