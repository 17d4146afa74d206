import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import { LINK_CREATED, LINK_DELETED, LINK_EVENT_TYPES, LINK_UPDATED, type LinkEvent } from '../domain/link.events.js';
import { CacheWorkQueue } from './cache-work-queue.js';
import { deleteClickData } from './delete-click-data.js';
import { HOST_CODE_SQL, toHostCodes, type LinkCache } from './link-cache.js';
import { USER_DELETED, type UserDeletedData } from './user-deleted.js';

/**
 * `links` read model. Deleting a link (or its owner) deletes its clicks and rollups in the same transaction; after
 * the commit the redirector's Redis cache is written or cleared and an invalidation published.
 * Register it BEFORE DomainsProjection (user-deleted reads each link's domain name before the domain row goes).
 */
export class LinksProjection implements Projection {
  readonly name = 'links';
  readonly tables = ['links'];
  private readonly work = new CacheWorkQueue();

  constructor(private readonly cache: LinkCache) {}

  handles(eventType: string): boolean {
    return LINK_EVENT_TYPES.includes(eventType) || eventType === USER_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    if (stored.type === USER_DELETED) return this.userDeleted(m, stored.position, (stored.data as UserDeletedData).userId);
    const event = { type: stored.type, data: stored.data } as LinkEvent;
    switch (event.type) {
      case LINK_CREATED: {
        const d = event.data;
        await m.query(
          `INSERT INTO links (id, owner_id, name, short_code, original_url, domain_id, og_title, og_description, og_image, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
          [d.linkId, d.ownerId, d.name, d.shortCode, d.originalUrl, d.domainId, d.ogTitle, d.ogDescription, d.ogImage, d.at],
        );
        this.work.add(stored.position, { linkIds: [d.linkId] });
        break;
      }
      case LINK_UPDATED: {
        const d = event.data;
        await m.query('UPDATE links SET name = $2, original_url = $3, updated_at = $4 WHERE id = $1', [d.linkId, d.name, d.originalUrl, d.at]);
        this.work.add(stored.position, { linkIds: [d.linkId] });
        break;
      }
      case LINK_DELETED: {
        const id = event.data.linkId;
        const stale = toHostCodes(await m.query(`${HOST_CODE_SQL} WHERE l.id = $1`, [id]));
        await m.query('DELETE FROM links WHERE id = $1', [id]);
        await deleteClickData(m, { linkId: id });
        this.work.add(stored.position, { stale });
        break;
      }
    }
  }

  private async userDeleted(m: EntityManager, position: number, userId: string): Promise<void> {
    const stale = toHostCodes(await m.query(`${HOST_CODE_SQL} WHERE l.owner_id = $1`, [userId]));
    await m.query('DELETE FROM links WHERE owner_id = $1', [userId]);
    await deleteClickData(m, { ownerId: userId });
    this.work.add(position, { stale });
  }

  async afterCommit(event: StoredEvent): Promise<void> {
    const work = this.work.take(event.position);
    if (work) await this.cache.apply(work);
  }

  async afterRebuild(): Promise<void> {
    this.work.clear();
    await this.cache.rewriteAll();
  }
}
