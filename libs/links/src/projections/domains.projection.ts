import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import {
  DOMAIN_ADDED,
  DOMAIN_DELETED,
  DOMAIN_EVENT_TYPES,
  DOMAIN_SSL_GENERATED,
  DOMAIN_UPDATED,
  DOMAIN_VERIFICATION_EXPIRED,
  DOMAIN_VERIFICATION_TTL_MS,
  DOMAIN_VERIFIED,
  type DomainStreamEvent,
} from '../model/custom-domain.events.js';
import { CacheWorkQueue } from './cache-work-queue.js';
import { HOST_CODE_SQL, toHostCodes, type HostCodeRow, type LinkCache } from './link-cache.js';
import { USER_DELETED, WORKSPACE_DELETED, emptiedWorkspace } from './user-deleted.js';
import { deleteReplacedSslKeys, deleteSslKeys } from '../ssl/ssl-keys.js';

/** A pending domain's first background check: a minute after it was added or renamed. */
const FIRST_CHECK_MS = 60_000;
const expiresAt = (at: string) => new Date(Date.parse(at) + DOMAIN_VERIFICATION_TTL_MS).toISOString();
const firstCheckAt = (at: string) => new Date(Date.parse(at) + FIRST_CHECK_MS).toISOString();

/**
 * `domains` read model (`is_active` = verified; of a certificate only its fingerprint: the certificate and its sealed key
 * are in `domain_ssl_keys`, which this projection prunes but never empties, as a rebuild cannot restore it). A rename moves every link of the
 * domain in the redirector's cache: old host keys dropped, new ones written after the commit (none while the new
 * name is pending); verification writes them.
 */
export class DomainsProjection implements Projection {
  readonly name = 'domains';
  readonly tables = ['domains'];
  private readonly work = new CacheWorkQueue();

  constructor(private readonly cache: LinkCache) {}

  handles(eventType: string): boolean {
    return DOMAIN_EVENT_TYPES.includes(eventType) || eventType === USER_DELETED || eventType === WORKSPACE_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    const emptied = emptiedWorkspace(stored.type, stored.data);
    if (emptied !== null) return this.userDeleted(m, stored.position, emptied);
    const event = { type: stored.type, data: stored.data } as DomainStreamEvent;
    switch (event.type) {
      case DOMAIN_ADDED: {
        const d = event.data;
        const token = d.verificationToken ?? null;
        await m.query<unknown>(
          `INSERT INTO domains (id, owner_id, domain, is_active, created_at, verification_status, verification_token,
                                verification_expires_at, verification_next_check_at)
           VALUES ($1, $2, $3, $5::text IS NULL, $4, CASE WHEN $5::text IS NULL THEN 'verified' ELSE 'pending' END, $5, $6, $7)`,
          [d.domainId, d.ownerId, d.domain, d.at, token, token ? expiresAt(d.at) : null, token ? firstCheckAt(d.at) : null],
        );
        if (!token) this.work.add(stored.position, { domainsChanged: true }); // added active (no verification asked)
        break;
      }
      case DOMAIN_UPDATED: {
        const d = event.data;
        const links = await m.query<HostCodeRow[]>(`${HOST_CODE_SQL} WHERE l.domain_id = $1`, [d.domainId]);
        const ids = await m.query<{ id: string }[]>('SELECT id FROM links WHERE domain_id = $1', [d.domainId]);
        await m.query<unknown>('UPDATE domains SET domain = $2 WHERE id = $1', [d.domainId, d.domain]);
        if (d.verificationToken) {
          await m.query<unknown>(
            `UPDATE domains SET is_active = false, verification_status = 'pending', verification_token = $2, verification_expires_at = $3,
                    verification_next_check_at = $4, verification_checked_at = NULL, verification_error = NULL, verification_attempts = 0
             WHERE id = $1`,
            [d.domainId, d.verificationToken, expiresAt(d.at), firstCheckAt(d.at)],
          );
        }
        this.work.add(stored.position, { stale: toHostCodes(links), linkIds: ids.map((r) => r.id), domainsChanged: true });
        break;
      }
      case DOMAIN_VERIFIED: {
        const d = event.data;
        const ids = await m.query<{ id: string }[]>('SELECT id FROM links WHERE domain_id = $1', [d.domainId]);
        await m.query<unknown>(
          `UPDATE domains SET is_active = true, verification_status = 'verified', verification_checked_at = $2, verification_error = NULL,
                  verification_next_check_at = NULL, verification_expires_at = NULL
           WHERE id = $1`,
          [d.domainId, d.at],
        );
        this.work.add(stored.position, { stale: [], linkIds: ids.map((r) => r.id), domainsChanged: true });
        break;
      }
      case DOMAIN_VERIFICATION_EXPIRED:
        await m.query<unknown>(`UPDATE domains SET verification_status = 'expired', verification_next_check_at = NULL WHERE id = $1`, [
          event.data.domainId,
        ]);
        break;
      case DOMAIN_SSL_GENERATED: {
        const d = event.data;
        await m.query<unknown>('UPDATE domains SET ssl_fingerprint = $2, ssl_generated_at = $3 WHERE id = $1', [d.domainId, d.fingerprint, d.at]);
        await deleteReplacedSslKeys(m, d.domainId, d.fingerprint, d.at);
        break;
      }
      case DOMAIN_DELETED: {
        // The command refuses a domain with links; should one have slipped in, its keys go with the host.
        const links = await m.query<HostCodeRow[]>(`${HOST_CODE_SQL} WHERE l.domain_id = $1`, [event.data.domainId]);
        await deleteSslKeys(m, 'domain_id = $1', event.data.domainId);
        await m.query<unknown>('DELETE FROM domains WHERE id = $1', [event.data.domainId]);
        this.work.add(stored.position, { stale: toHostCodes(links), domainsChanged: true });
        break;
      }
    }
  }

  /** Links of the user's domains still present here (LinksProjection ran later) lose their cache keys too. */
  private async userDeleted(m: EntityManager, position: number, userId: string): Promise<void> {
    const links = await m.query<HostCodeRow[]>(`${HOST_CODE_SQL} WHERE d.owner_id = $1`, [userId]);
    await deleteSslKeys(m, 'domain_id IN (SELECT id FROM domains WHERE owner_id = $1)', userId);
    await m.query<unknown>('DELETE FROM domains WHERE owner_id = $1', [userId]);
    this.work.add(position, { stale: toHostCodes(links), domainsChanged: true });
  }

  async afterCommit(event: StoredEvent): Promise<void> {
    const work = this.work.take(event.position);
    if (work) await this.cache.apply(work);
  }

  async afterRebuild(): Promise<void> {
    this.work.clear();
  }
}
