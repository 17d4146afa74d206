import type { EntityManager } from 'typeorm';
import { returnedRows, type Returned } from '@app/database';
import type { Projection, StoredEvent } from '@app/event-store';
import {
  LINK_ARCHIVE_CHANGED,
  LINK_CONTROLS_CHANGED,
  LINK_CREATED,
  LINK_DELETED,
  LINK_EVENT_TYPES,
  LINK_IMPORTED,
  LINK_UPDATED,
  type LinkEvent,
} from '../model/link.events.js';
import { applyImported } from './links-batch-apply.js';
import { applyControlChanges } from '../model/link.aggregate.js';
import type { StoredControls } from '../model/link-controls.js';
import { CacheWorkQueue } from './cache-work-queue.js';
import type { DeleteClickData } from './click-data-port.js';
import { applyCreatesAndControls, isCreateBatch } from './links-batch-apply.js';
import { deletePasswords } from '../passwords/link-passwords.js';
import { HOST_CODE_SQL, toHostCodes, type HostCodeRow, type LinkCache } from './link-cache.js';
import { USER_DELETED, WORKSPACE_DELETED, emptiedWorkspace } from './user-deleted.js';

/**
 * `links` read model. Deleting a link (or its owner) deletes its clicks and rollups in the same transaction; after
 * the commit the redirector's Redis cache is written or cleared and an invalidation published.
 * Register it BEFORE DomainsProjection (user-deleted reads each link's domain name before the domain row goes).
 */
export class LinksProjection implements Projection {
  readonly name = 'links';
  readonly tables = ['links'];
  private readonly work = new CacheWorkQueue();

  constructor(
    private readonly cache: LinkCache,
    private readonly deleteClickData: DeleteClickData,
  ) {}

  handles(eventType: string): boolean {
    return LINK_EVENT_TYPES.includes(eventType) || eventType === USER_DELETED || eventType === WORKSPACE_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    const emptied = emptiedWorkspace(stored.type, stored.data);
    if (emptied !== null) return this.userDeleted(m, stored.position, emptied);
    const event = { type: stored.type, data: stored.data } as LinkEvent;
    switch (event.type) {
      case LINK_CREATED: {
        const d = event.data;
        await m.query<unknown>(
          `INSERT INTO links (id, owner_id, name, short_code, original_url, domain_id, og_title, og_description, og_image, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
          [d.linkId, d.ownerId, d.name, d.shortCode, d.originalUrl, d.domainId, d.ogTitle, d.ogDescription, d.ogImage, d.at],
        );
        this.work.add(stored.position, { linkIds: [d.linkId] });
        break;
      }
      case LINK_UPDATED: {
        const d = event.data;
        await m.query<unknown>('UPDATE links SET name = $2, original_url = $3, updated_at = $4 WHERE id = $1', [
          d.linkId,
          d.name,
          d.originalUrl,
          d.at,
        ]);
        this.work.add(stored.position, { linkIds: [d.linkId] });
        break;
      }
      case LINK_CONTROLS_CHANGED: {
        const d = event.data;
        const [row] = await m.query<{ controls: StoredControls | null }[]>('SELECT controls FROM links WHERE id = $1 FOR UPDATE', [d.linkId]);
        if (!row) break;
        const next = applyControlChanges(row.controls ?? {}, d.changes);
        const sets = ['controls = $2', 'updated_at = $3'];
        const params: unknown[] = [d.linkId, Object.keys(next).length ? JSON.stringify(next) : null, d.at];
        if (d.changes.tags !== undefined) sets.push(`tags = $${params.push(d.changes.tags ?? [])}`);
        if (d.changes.passwordId !== undefined) sets.push(`password_id = $${params.push(d.changes.passwordId)}`);
        await m.query<unknown>(`UPDATE links SET ${sets.join(', ')} WHERE id = $1`, params);
        const limitSet = d.changes.maxClicks != null && row.controls?.maxClicks === undefined;
        this.work.add(stored.position, { linkIds: [d.linkId], resetUses: limitSet ? [d.linkId] : [] });
        break;
      }
      case LINK_IMPORTED:
        await applyImported(m, [event.data]);
        break;
      case LINK_ARCHIVE_CHANGED: {
        // Lists only: the redirector's cache holds nothing about it (an archived link keeps redirecting).
        const d = event.data;
        await m.query<unknown>('UPDATE links SET archived = $2, updated_at = $3 WHERE id = $1', [d.linkId, d.archived, d.at]);
        break;
      }
      case LINK_DELETED: {
        const id = event.data.linkId;
        const stale = toHostCodes(await m.query<HostCodeRow[]>(`${HOST_CODE_SQL} WHERE l.id = $1`, [id]));
        await m.query<unknown>('DELETE FROM links WHERE id = $1', [id]);
        await deletePasswords(m, 'link_id = $1', id);
        await this.deleteClickData(m, { linkId: id });
        this.work.add(stored.position, { stale, resetUses: [id] });
        break;
      }
    }
  }

  /** A batch of new links (imports): a few queries for all of them; any other batch event by event. */
  async applyMany(m: EntityManager, events: StoredEvent[]): Promise<void> {
    if (isCreateBatch(events)) return applyCreatesAndControls(m, events, this.work);
    for (const e of events) await this.apply(m, e);
  }

  private async userDeleted(m: EntityManager, position: number, userId: string): Promise<void> {
    const stale = toHostCodes(await m.query<HostCodeRow[]>(`${HOST_CODE_SQL} WHERE l.owner_id = $1`, [userId]));
    await deletePasswords(m, 'link_id IN (SELECT id FROM links WHERE owner_id = $1)', userId);
    const gone = returnedRows(await m.query<Returned<{ id: string }>>('DELETE FROM links WHERE owner_id = $1 RETURNING id', [userId]));
    await this.deleteClickData(m, { ownerId: userId, linkIds: gone.map((r) => r.id) });
    this.work.add(position, { stale });
  }

  async afterCommit(event: StoredEvent): Promise<void> {
    const work = this.work.take(event.position);
    if (work) await this.cache.apply(work);
  }

  /** A batch's cache work as one: one read of the committed rows and one pipelined write (imports). */
  async afterCommitMany(events: StoredEvent[]): Promise<void> {
    const works = events.map((e) => this.work.take(e.position)).filter((w) => w !== undefined);
    if (works.length === 0) return;
    await this.cache.apply({
      stale: works.flatMap((w) => w.stale),
      linkIds: [...new Set(works.flatMap((w) => w.linkIds))],
      resetUses: works.flatMap((w) => w.resetUses ?? []),
    });
  }

  async afterRebuild(): Promise<void> {
    this.work.clear();
    await this.cache.rewriteAll();
  }
}
