import { LINK_LIMITS } from '@app/contracts';
import type { Link } from '../model/link.aggregate.js';
import type { BulkActionJob } from './bulk-action-job.js';

/**
 * What one bulk action does to one link, through the aggregate's own decisions (one event per changed link, none
 * when nothing changes). Throws an error whose message is the link's reason in `failed`.
 */
export function decideBulkAction(link: Link, job: BulkActionJob, at: Date): void {
  const by = job.actor.userId;
  switch (job.action) {
    case 'delete':
      return link.delete(by, at);
    case 'archive':
      return link.setArchived(true, by, at);
    case 'unarchive':
      return link.setArchived(false, by, at);
    case 'addTags': {
      const tags = [...new Set([...link.tags, ...(job.tags ?? [])])];
      if (tags.length > LINK_LIMITS.tagsMax) throw new Error(`A link has at most ${LINK_LIMITS.tagsMax} tags.`);
      return link.changeControls({ tags }, by, at);
    }
    case 'removeTags': {
      const drop = new Set(job.tags ?? []);
      return link.changeControls({ tags: link.tags.filter((t) => !drop.has(t)) }, by, at);
    }
    case 'setExpiry':
      return link.changeControls({ expiresAt: job.expiresAt ?? null }, by, at);
  }
}
