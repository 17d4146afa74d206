import type { DataSource } from 'typeorm';
import { SqlParams } from '@app/database';
import { workspaceMetadata } from '@app/contracts';
import type { EventMetadata, EventStore, StreamAppend } from '@app/event-store';
import { Link } from '../model/link.aggregate.js';
import { LINK_STREAM, type LinkEvent } from '../model/link.events.js';
import { LinksErrors } from '../model/links.errors.js';
import { isUuid, loadLink, saveLink } from '../commands/link-store.js';
import { linkFilterSql } from '../queries/link-list/link-filter.js';
import type { BulkActionJob, BulkActionProgress } from './bulk-action-job.js';
import { decideBulkAction } from './decide-bulk-action.js';

/** Links loaded, decided and appended together: one events query and one transaction per chunk. */
const CHUNK = 500;

/**
 * Runs a bulk action: the target ids (the given ones, or every link matching the filter the actor may change,
 * fixed when the run starts), then chunk by chunk each link is loaded from its stream, checked (missing or not the
 * actor's: reported in `failed`, never changed) and decided by the aggregate; the chunk's events are appended in one
 * transaction (EventStore.appendMany), so each changed link gets its own event as a single change would. A chunk
 * that loses a race is redone link by link. Running it again is harmless: a link already so raises no event.
 */
export async function runBulkAction(
  deps: { store: EventStore; dataSource: DataSource },
  job: BulkActionJob,
  onProgress: (p: BulkActionProgress) => Promise<void>,
): Promise<BulkActionProgress> {
  const ids = job.ids ?? (await matchingIds(deps.dataSource, job));
  const progress: BulkActionProgress = { total: ids.length, done: 0, failed: [] };
  await onProgress(progress);
  const metadata = workspaceMetadata(job.actor, job.actor.workspaceId, job.requestId ?? `bulk-action-${job.id}`);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    // Only links in the read model: a deleted user's links are gone although their streams remain.
    const listed = await deps.dataSource.query<{ id: string }[]>('SELECT id FROM links WHERE id = ANY($1::uuid[])', [chunk.filter(isUuid)]);
    const streams = await deps.store.loadMany(listed.map((r) => r.id));
    const decided: Link[] = [];
    const at = new Date();
    for (const id of chunk) {
      try {
        const link = Link.fromEvents((streams.get(id) ?? []).map((e) => ({ type: e.type, data: e.data }) as LinkEvent));
        if (!link) throw LinksErrors.linkNotFound();
        link.assertInWorkspace(job.actor);
        decideBulkAction(link, job, at);
        decided.push(link);
      } catch (err) {
        progress.failed.push({ linkId: id, reason: (err as Error).message });
      }
    }
    await appendChunk(deps.store, decided, job, metadata, progress);
    progress.done += chunk.length;
    await onProgress(progress);
  }
  return progress;
}

async function appendChunk(
  store: EventStore,
  links: Link[],
  job: BulkActionJob,
  metadata: EventMetadata,
  progress: BulkActionProgress,
): Promise<void> {
  const appends: StreamAppend[] = links
    .map((link) => ({ streamType: LINK_STREAM, streamId: link.id, expectedVersion: link.version, events: link.takePending(), metadata }))
    .filter((a) => a.events.length > 0);
  try {
    await store.appendMany(appends);
  } catch {
    // Nothing of the chunk was stored (a link changed meanwhile): each link again from its stream, on its own.
    for (const { streamId } of appends) {
      try {
        const link = await loadLink(store, streamId);
        link.assertInWorkspace(job.actor);
        decideBulkAction(link, job, new Date());
        await saveLink(store, link, metadata);
      } catch (err) {
        progress.failed.push({ linkId: streamId, reason: (err as Error).message });
      }
    }
  }
}

/** Every link matching the job's filter, oldest first (a stable order for progress). */
async function matchingIds(dataSource: DataSource, job: BulkActionJob): Promise<string[]> {
  if (!job.filter) return [];
  const p = new SqlParams();
  const rows = await dataSource.query<{ id: string }[]>(
    `SELECT l.id FROM links l WHERE ${linkFilterSql(job.filter, p)} ORDER BY l.created_at, l.id`,
    p.values,
  );
  return rows.map((r) => r.id);
}
