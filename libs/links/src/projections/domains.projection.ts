import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import {
  DOMAIN_ADDED,
  DOMAIN_DELETED,
  DOMAIN_EVENT_TYPES,
  DOMAIN_SSL_GENERATED,
  DOMAIN_UPDATED,
  type DomainStreamEvent,
} from '../domain/domain.events.js';
import { CacheWorkQueue } from './cache-work-queue.js';
import { HOST_CODE_SQL, toHostCodes, type LinkCache } from './link-cache.js';
import { USER_DELETED, type UserDeletedData } from './user-deleted.js';

/**
 * `domains` read model (certificate and key PEM included). A rename moves every link of the domain in the
 * redirector's cache: old host keys dropped, new ones written, after the commit.
 */
export class DomainsProjection implements Projection {
  readonly name = 'domains';
  readonly tables = ['domains'];
  private readonly work = new CacheWorkQueue();

  constructor(private readonly cache: LinkCache) {}

  handles(eventType: string): boolean {
    return DOMAIN_EVENT_TYPES.includes(eventType) || eventType === USER_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    if (stored.type === USER_DELETED) return this.userDeleted(m, stored.position, (stored.data as UserDeletedData).userId);
    const event = { type: stored.type, data: stored.data } as DomainStreamEvent;
    switch (event.type) {
      case DOMAIN_ADDED: {
        const d = event.data;
        await m.query('INSERT INTO domains (id, owner_id, domain, is_active, created_at) VALUES ($1, $2, $3, true, $4)', [
          d.domainId,
          d.ownerId,
          d.domain,
          d.at,
        ]);
        break;
      }
      case DOMAIN_UPDATED: {
        const links = await m.query(`${HOST_CODE_SQL} WHERE l.domain_id = $1`, [event.data.domainId]);
        const ids: { id: string }[] = await m.query('SELECT id FROM links WHERE domain_id = $1', [event.data.domainId]);
        await m.query('UPDATE domains SET domain = $2 WHERE id = $1', [event.data.domainId, event.data.domain]);
        this.work.add(stored.position, { stale: toHostCodes(links), linkIds: ids.map((r) => r.id) });
        break;
      }
      case DOMAIN_SSL_GENERATED: {
        const d = event.data;
        await m.query('UPDATE domains SET ssl_certificate = $2, ssl_private_key = $3, ssl_generated_at = $4 WHERE id = $1', [
          d.domainId,
          d.certificatePem,
          d.privateKeyPem,
          d.at,
        ]);
        break;
      }
      case DOMAIN_DELETED: {
        // The command refuses a domain with links; should one have slipped in, its keys go with the host.
        const links = await m.query(`${HOST_CODE_SQL} WHERE l.domain_id = $1`, [event.data.domainId]);
        await m.query('DELETE FROM domains WHERE id = $1', [event.data.domainId]);
        this.work.add(stored.position, { stale: toHostCodes(links) });
        break;
      }
    }
  }

  /** Links of the user's domains still present here (LinksProjection ran later) lose their cache keys too. */
  private async userDeleted(m: EntityManager, position: number, userId: string): Promise<void> {
    const links = await m.query(`${HOST_CODE_SQL} WHERE d.owner_id = $1`, [userId]);
    await m.query('DELETE FROM domains WHERE owner_id = $1', [userId]);
    this.work.add(position, { stale: toHostCodes(links) });
  }

  async afterCommit(event: StoredEvent): Promise<void> {
    const work = this.work.take(event.position);
    if (work) await this.cache.apply(work);
  }

  async afterRebuild(): Promise<void> {
    this.work.clear();
  }
}
