import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { workspaceMetadata, type DomainDto, type WorkspaceScope } from '@app/contracts';
import type { Actor } from './actor.js';
import type { EventStore } from '@app/event-store';
import type { CustomDomain, VerificationStart } from '../model/custom-domain.aggregate.js';
import { LinksErrors } from '../model/links.errors.js';
import { selectDomains } from '../queries/domain-read-store.js';
import { isUuid, loadDomain } from './link-store.js';

/** Loads one of the workspace's domains that still exists in the read model (a deleted workspace's stream stays). */
export async function ownDomain(store: EventStore, dataSource: DataSource, scope: WorkspaceScope, domainId: string): Promise<CustomDomain> {
  if (!isUuid(domainId) || (await dataSource.query<unknown[]>('SELECT 1 FROM domains WHERE id = $1', [domainId])).length === 0) {
    throw LinksErrors.domainNotFound();
  }
  const domain = await loadDomain(store, domainId);
  domain.assertInWorkspace(scope);
  return domain;
}

/** The api answer for one domain (never its private key: that is not in the read model). */
export async function domainDto(dataSource: DataSource, id: string): Promise<DomainDto> {
  const [dto] = await selectDomains(dataSource, 'id = $1', [id]);
  if (!dto) throw LinksErrors.domainNotFound();
  return dto;
}

export const domainMeta = (actor: Actor, workspaceId: string, requestId?: string) => workspaceMetadata(actor, workspaceId, requestId);

/** A new name starts pending with a fresh 256-bit token, unless DOMAIN_VERIFICATION=off. */
export const verificationStart = (config: Pick<AppConfig, 'domainVerification'>): VerificationStart =>
  config.domainVerification ? { token: randomBytes(32).toString('base64url') } : { verified: true };

/**
 * 409 when someone verified the name already, or the caller has claimed it already. Pending claims of others do
 * not count: a claim blocks nobody until proven.
 */
export async function assertNameFree(dataSource: DataSource, ownerId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await dataSource.query<unknown[]>(
    `SELECT 1 FROM domains WHERE lower(domain) = $1 AND (verification_status = 'verified' OR owner_id = $2) AND id <> $3 LIMIT 1`,
    [name, ownerId, exceptId ?? '00000000-0000-0000-0000-000000000000'],
  );
  if (rows.length > 0) throw LinksErrors.domainTaken();
}
