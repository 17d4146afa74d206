import type { DataSource, EntityManager } from 'typeorm';
import type { LiveLinkSummary } from '@app/contracts';
import { pgErrorCode } from '@app/database';
import type { EnrichedClick } from '../enrichment/enriched-click.js';
import { INGEST_STATEMENT, REDELIVERY_STATEMENT } from './ingest-statement.js';
import { boolArray, textArray } from './pg-arrays.js';
import { rolledBefore } from '../rollups/day-rollup.js';
import { rebuildLateLinkDays } from '../rollups/late-link-days.js';

export interface IngestResult {
  /** Clicks written now (and counted in every rollup). */
  inserted: number;
  /** Clicks already stored by an earlier delivery: ignored. */
  duplicates: number;
  /** Clicks of links that do not exist (or were deleted): ignored. */
  skipped: number;
  /** Per link, what this call added: for the live channel. */
  summaries: LiveLinkSummary[];
}

/** An IngestResult plus which click ids were stored now and which link ids exist (to split a grouped result). */
export interface DetailedIngestResult extends IngestResult {
  insertedIds: Set<string>;
  knownLinkIds: Set<string>;
}

// deadlock detected, serialization failure, and check_violation: a click routed to clicks_default while the maintenance
// queue attached its month's partition (PartitionedClicks migration) fails its partition check; a retry routes it anew.
const RETRYABLE = new Set(['40P01', '40001', '23514']);
const MAX_ATTEMPTS = 6;
/** unique_violation: the first delivery's plain insert met a click stored before (ingest-statement.ts). */
const STORED_BEFORE = '23505';

/** A click to insert, with its normalised ids and its link's owner. */
export interface IngestRow {
  id: string;
  linkId: string;
  ownerId: string;
  click: EnrichedClick;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isoInstant = (at: string) => (ISO_UTC.test(at) ? at : new Date(at).toISOString());

/**
 * The owners of the batch's links, locked `FOR KEY SHARE` until the commit: a concurrent link deletion (which
 * deletes the links row, then its clicks and rollups) either waits for this transaction and then removes its
 * clicks too, or has committed first and the link's clicks are skipped. Either way no orphan click remains.
 */
async function lockOwners(m: EntityManager, linkIds: string[]): Promise<Map<string, string>> {
  const rows = await m.query<{ id: string; owner_id: string }[]>(
    'SELECT id, owner_id FROM links WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE',
    [textArray(linkIds, (id) => id)],
  );
  return new Map(rows.map((r) => [r.id, r.owner_id]));
}

/**
 * The ingest statement's parameters: $1..$18 one array literal per click column (`npm run bench:ingest-sql` times
 * them), $19 the day boundary of the per-day rollups (rolledBefore).
 */
export function ingestParams(rows: readonly IngestRow[], daysRolledBefore: string): string[] {
  return [
    textArray(rows, (r) => r.id),
    textArray(rows, (r) => r.linkId),
    textArray(rows, (r) => r.ownerId),
    textArray(rows, (r) => isoInstant(r.click.at)),
    textArray(rows, (r) => r.click.ip),
    textArray(rows, (r) => r.click.countryCode),
    textArray(rows, (r) => r.click.country),
    textArray(rows, (r) => r.click.region),
    textArray(rows, (r) => r.click.city),
    textArray(rows, (r) => r.click.browser),
    textArray(rows, (r) => r.click.os),
    textArray(rows, (r) => r.click.device),
    textArray(rows, (r) => r.click.referrer),
    textArray(rows, (r) => r.click.userAgent),
    textArray(rows, (r) => r.click.host),
    boolArray(rows, (r) => r.click.isBot),
    textArray(rows, (r) => (r.click.variant === undefined ? null : String(r.click.variant))),
    textArray(rows, (r) => r.click.language),
    daysRolledBefore,
  ];
}

async function ingestOnce(m: EntityManager, clicks: readonly EnrichedClick[], redelivery: boolean): Promise<DetailedIngestResult> {
  const linkIdOf = clicks.map((c) => c.linkId.toLowerCase());
  const daysRolledBefore = await rolledBefore(m);
  const owners = await lockOwners(m, [...new Set(linkIdOf)]);
  const byId = new Map<string, IngestRow>();
  let skipped = 0;
  for (let i = 0; i < clicks.length; i++) {
    const ownerId = owners.get(linkIdOf[i]);
    const id = clicks[i].id.toLowerCase();
    if (!ownerId) skipped++;
    else if (!byId.has(id)) byId.set(id, { id, linkId: linkIdOf[i], ownerId, click: clicks[i] });
  }
  // Sorted by id: two transactions inserting overlapping batches take the same locks in the same order.
  const rows = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const stored =
    rows.length === 0
      ? []
      : await m.query<{ link_id: string; clicks: number; last_click: Date; ids: string }[]>(
          redelivery ? REDELIVERY_STATEMENT : INGEST_STATEMENT,
          ingestParams(rows, daysRolledBefore),
        );
  const insertedIds = new Set<string>();
  for (const s of stored) for (const id of s.ids.split(',')) insertedIds.add(id);
  // The late ones among the clicks stored now renumber their link-days (rollups/late-link-days.ts).
  const inserted = rows.filter((r) => insertedIds.has(r.id)).map((r) => ({ linkId: r.linkId, at: r.click.at, isBot: r.click.isBot }));
  await rebuildLateLinkDays(m, inserted, daysRolledBefore);
  return {
    inserted: insertedIds.size,
    duplicates: clicks.length - skipped - insertedIds.size,
    skipped,
    summaries: stored.map((s) => ({
      linkId: s.link_id,
      ownerId: owners.get(s.link_id)!,
      clicks: s.clicks,
      lastClick: s.last_click.toISOString(),
    })),
    insertedIds,
    knownLinkIds: new Set(owners.keys()),
  };
}

/**
 * Writes enriched clicks and every rollup in ONE transaction, exactly once per click id, the rollups counting only
 * the rows this call inserted. First as a first delivery (a plain insert); when a click was stored before, the
 * insert fails and the whole transaction rolls back, and it runs again as a redelivery, which skips stored rows.
 * Retried on deadlock or serialization failure (the whole transaction rolled back, so nothing is counted twice).
 */
export async function ingestClicks(dataSource: DataSource, clicks: EnrichedClick[]): Promise<IngestResult> {
  const { insertedIds: _ids, knownLinkIds: _links, ...result } = await ingestClicksDetailed(dataSource, clicks);
  return result;
}

/** `ingestClicks`, also returning the inserted click ids and the known link ids (all lowercase). */
export async function ingestClicksDetailed(dataSource: DataSource, clicks: EnrichedClick[]): Promise<DetailedIngestResult> {
  if (clicks.length === 0) {
    return { inserted: 0, duplicates: 0, skipped: 0, summaries: [], insertedIds: new Set(), knownLinkIds: new Set() };
  }
  let redelivery = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction((m) => ingestOnce(m, clicks, redelivery));
    } catch (err) {
      const code = pgErrorCode(err) ?? '';
      if (code === STORED_BEFORE && !redelivery) {
        redelivery = true;
        attempt--;
        continue;
      }
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40));
    }
  }
}
