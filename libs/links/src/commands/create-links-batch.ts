import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { AppError, workspaceMetadata, type CreateLinkRequest } from '@app/contracts';
import type { EventStore, StreamAppend } from '@app/event-store';
import { Link } from '../model/link.aggregate.js';
import { checkControls } from '../model/link-controls.js';
import { generateShortCode } from '../model/link-rules.js';
import { LINK_STREAM, type LinkImportFacts } from '../model/link.events.js';
import { LinksErrors } from '../model/links.errors.js';
import { storeLinkPassword } from '../passwords/link-passwords.js';
import type { Actor } from './actor.js';
import { forbiddenHostsForUrls, urlsOfRequest } from './host-policy.js';
import { isUuid } from './link-store.js';

const NO_DOMAIN = '00000000-0000-0000-0000-000000000000';

export interface CreateLinksBatchDeps {
  store: EventStore;
  dataSource: DataSource;
  config: AppConfig;
  /** The one-by-one create (CreateLinkHandler.create, with the row's id if given): for a row the batch cannot decide alone. */
  createOne: (request: CreateLinkRequest, linkId?: string, imported?: LinkImportFacts) => Promise<string>;
}

/** A request of a batch: an import's row also carries what its source knew (creation date, click total). */
export type BatchLinkRequest = CreateLinkRequest & { imported?: LinkImportFacts };

/** Per request: the new link's id, or the error that skipped it (as the one-by-one create would throw it). */
export type BatchOutcome = { id: string } | { error: Error };

/**
 * Creates many links of one owner as CreateLinkHandler.create would one by one (same rules, the same Link
 * aggregate and the same events per link, projections in the same transaction) with a few round trips per batch
 * instead of per link (imports): one domain query, one forbidden-hosts query and one taken-codes query for all the
 * rows, then every link's events appended in ONE transaction (EventStore.appendMany) and one cache write.
 * A batch that still loses a race (a code taken meanwhile) rolls back whole and its links are created one by one,
 * so each gets its own outcome. Generated codes that collide are left to the one-by-one create (it retries).
 *
 * `linkIds` (one per request) makes a rerun harmless: an import's row always gets the same link id, so a row whose
 * link an earlier run already created (a job restarted after its commit, before its progress was saved) is
 * reported created again and not created twice, whatever its code.
 */
export async function createLinksBatch(
  deps: CreateLinksBatchDeps,
  actor: Actor,
  requests: BatchLinkRequest[],
  requestId?: string,
  linkIds?: readonly string[],
): Promise<BatchOutcome[]> {
  const { store } = deps;
  const metadata = workspaceMetadata(actor, actor.workspaceId, requestId);
  const { outcomes, decided, oneByOne } = await decideBatch(deps, actor, requests, linkIds, false);
  const appends: StreamAppend[] = decided.map(({ link }) => ({
    streamType: LINK_STREAM,
    streamId: link.id,
    expectedVersion: link.version,
    events: link.takePending(),
    metadata,
  }));
  try {
    await store.appendMany(appends);
    for (const { index, link } of decided) outcomes[index] = { id: link.id };
  } catch {
    oneByOne.push(...decided.map((d) => d.index)); // nothing of the batch was stored
  }
  for (const index of oneByOne.sort((a, b) => a - b)) {
    try {
      outcomes[index] = { id: await deps.createOne(requests[index], linkIds?.[index], requests[index].imported) };
    } catch (err) {
      // A link of this id appeared meanwhile (saveLink's CHANGED_MEANWHILE): a concurrent run of the same import made it.
      if (linkIds && err instanceof AppError && err.code === 'CHANGED_MEANWHILE') outcomes[index] = { id: linkIds[index] };
      else outcomes[index] = { error: err instanceof Error ? err : new Error(String(err)) };
    }
  }
  return outcomes as BatchOutcome[];
}

/**
 * An import's dry run: per request null if createLinksBatch would create it now (same rules, codes already taken and
 * codes repeated within the requests), else the reason it would be skipped. Stores nothing (no password hash either).
 */
export async function checkLinksBatch(
  deps: Pick<CreateLinksBatchDeps, 'dataSource' | 'config'>,
  actor: Actor,
  requests: BatchLinkRequest[],
): Promise<(string | null)[]> {
  const { outcomes } = await decideBatch(deps, actor, requests, undefined, true);
  return requests.map((_, i) => {
    const o = outcomes[i];
    return o && 'error' in o ? o.error.message : null;
  });
}

/** The rules of one-by-one creation for every request, with a few queries for all of them; appends nothing. */
async function decideBatch(
  deps: Pick<CreateLinksBatchDeps, 'dataSource' | 'config'>,
  actor: Actor,
  requests: BatchLinkRequest[],
  linkIds: readonly string[] | undefined,
  dryRun: boolean,
): Promise<{ outcomes: (BatchOutcome | undefined)[]; decided: { index: number; link: Link }[]; oneByOne: number[] }> {
  const { dataSource, config } = deps;
  const outcomes: (BatchOutcome | undefined)[] = new Array(requests.length);
  const existing = linkIds ? await existingLinks(dataSource, linkIds) : new Set<string>();
  const domains = await usableDomains(dataSource, actor.workspaceId, requests);
  const forbidden = await forbiddenHostsForUrls(dataSource, config, requests.flatMap(urlsOfRequest));
  const taken = await takenCodes(dataSource, requests);
  const decided: { index: number; link: Link }[] = [];
  const oneByOne: number[] = [];

  for (const [index, req] of requests.entries()) {
    if (linkIds && existing.has(linkIds[index])) {
      outcomes[index] = { id: linkIds[index] };
      continue;
    }
    try {
      const domainId = req.domainId ? domains.get(req.domainId) : null;
      if (domainId === undefined) throw LinksErrors.domainUnavailable();
      const { password, ...controls } = checkControls(req, forbidden);
      const custom = req.shortCode?.trim() ?? '';
      const shortCode = custom || generateShortCode();
      const key = `${domainId ?? NO_DOMAIN}/${shortCode}`;
      const link = Link.create(
        { ...req, linkId: linkIds?.[index] ?? randomUUID(), ownerId: actor.workspaceId, shortCode, generated: !custom, domainId, at: new Date() },
        forbidden,
      );
      if (taken.has(key)) {
        if (custom) throw LinksErrors.shortCodeTaken();
        oneByOne.push(index);
        continue;
      }
      taken.add(key);
      if (dryRun) continue;
      const passwordId = password ? await storeLinkPassword(dataSource, link.id, password) : undefined;
      link.changeControls({ ...controls, passwordId }, actor.userId, new Date());
      if (req.imported) link.recordImport(req.imported, actor.userId, new Date());
      if (req.imported?.archived) link.setArchived(true, actor.userId, new Date());
      decided.push({ index, link });
    } catch (err) {
      outcomes[index] = { error: err instanceof Error ? err : new Error(String(err)) };
    }
  }
  return { outcomes, decided, oneByOne };
}

/** The requests' domain ids that are the workspace's active domains (id → id); others are left out. */
async function usableDomains(dataSource: DataSource, ownerId: string, requests: CreateLinkRequest[]): Promise<Map<string, string>> {
  const ids = [...new Set(requests.map((r) => r.domainId).filter((id): id is string => typeof id === 'string' && isUuid(id)))];
  if (ids.length === 0) return new Map();
  const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM domains WHERE id = ANY($1::uuid[]) AND owner_id = $2 AND is_active', [
    ids,
    ownerId,
  ]);
  return new Map(rows.map((r) => [r.id, r.id]));
}

/** Which of `ids` are links already. */
async function existingLinks(dataSource: DataSource, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await dataSource.query<{ id: string }[]>('SELECT id FROM links WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** `domain/code` of every custom code of the requests already stored (on any domain they name). */
async function takenCodes(dataSource: DataSource, requests: CreateLinkRequest[]): Promise<Set<string>> {
  const codes = [...new Set(requests.map((r) => r.shortCode?.trim()).filter((c): c is string => !!c))];
  if (codes.length === 0) return new Set();
  const rows = await dataSource.query<{ key: string }[]>(
    `SELECT COALESCE(domain_id, '${NO_DOMAIN}'::uuid)::text || '/' || short_code AS key FROM links WHERE short_code = ANY($1::text[])`,
    [codes],
  );
  return new Set(rows.map((r) => r.key));
}
