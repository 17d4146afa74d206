import type { DataSource, EntityManager } from 'typeorm';
import type { LiveLinkSummary } from '@app/contracts';
import type { EnrichedClick } from '../enrichment/enriched-click.js';
import { buildRollups, type InsertedClick } from './rollup-rows.js';
import { writeRollups } from './write-rollups.js';

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

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure
const MAX_ATTEMPTS = 6;

function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

const INSERT_CLICKS = `
  INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, country_code, country, region, city,
                      browser, os, device, referrer, user_agent, host, is_bot)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                       $15::text[], $16::boolean[])
  ON CONFLICT (id) DO NOTHING
  RETURNING id`;

/** An IngestResult plus which click ids were stored now and which link ids exist (to split a grouped result). */
export interface DetailedIngestResult extends IngestResult {
  insertedIds: Set<string>;
  knownLinkIds: Set<string>;
}

async function ingestOnce(m: EntityManager, clicks: EnrichedClick[]): Promise<DetailedIngestResult> {
  const linkIds = [...new Set(clicks.map((c) => c.linkId))];
  const owners = new Map<string, string>(
    ((await m.query('SELECT id, owner_id FROM links WHERE id = ANY($1::uuid[])', [linkIds])) as { id: string; owner_id: string }[])
      .map((r) => [r.id, r.owner_id]),
  );
  const byId = new Map<string, InsertedClick>();
  let skipped = 0;
  for (const c of clicks) {
    const ownerId = owners.get(c.linkId);
    if (!ownerId) skipped++;
    else if (!byId.has(c.id)) byId.set(c.id, { ...c, ownerId, ms: Date.parse(c.at) });
  }
  // Sorted by id: two transactions inserting overlapping batches take the same locks in the same order.
  const rows = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const returned = rows.length === 0 ? [] : ((await m.query(INSERT_CLICKS, [
    rows.map((c) => c.id), rows.map((c) => c.linkId), rows.map((c) => c.ownerId), rows.map((c) => new Date(c.ms).toISOString()),
    rows.map((c) => c.ip), rows.map((c) => c.countryCode), rows.map((c) => c.country), rows.map((c) => c.region),
    rows.map((c) => c.city), rows.map((c) => c.browser), rows.map((c) => c.os), rows.map((c) => c.device),
    rows.map((c) => c.referrer), rows.map((c) => c.userAgent), rows.map((c) => c.host), rows.map((c) => c.isBot),
  ])) as { id: string }[]);
  const inserted = returned.map((r) => byId.get(r.id)!);
  const rollups = buildRollups(inserted);
  await writeRollups(m, rollups);
  return {
    inserted: inserted.length,
    duplicates: clicks.length - skipped - inserted.length,
    skipped,
    summaries: rollups.links.map(([linkId, a]) => ({
      linkId,
      ownerId: a.ownerId,
      clicks: a.clicks,
      lastClick: new Date(a.last.ms).toISOString(),
    })),
    insertedIds: new Set(inserted.map((c) => c.id)),
    knownLinkIds: new Set(owners.keys()),
  };
}

/**
 * Writes enriched clicks and every rollup in ONE transaction, exactly once per click id: rows already stored
 * are skipped by `ON CONFLICT (id) DO NOTHING` and rollups count only the rows this call inserted.
 * Retried on deadlock or serialization failure (the whole transaction rolled back, so nothing is counted twice).
 */
export async function ingestClicks(dataSource: DataSource, clicks: EnrichedClick[]): Promise<IngestResult> {
  const { insertedIds: _ids, knownLinkIds: _links, ...result } = await ingestClicksDetailed(dataSource, clicks);
  return result;
}

/** `ingestClicks`, also returning the inserted click ids and the known link ids. */
export async function ingestClicksDetailed(dataSource: DataSource, clicks: EnrichedClick[]): Promise<DetailedIngestResult> {
  const normalized = clicks.map((c) => ({ ...c, id: c.id.toLowerCase(), linkId: c.linkId.toLowerCase() }));
  if (normalized.length === 0) {
    return { inserted: 0, duplicates: 0, skipped: 0, summaries: [], insertedIds: new Set(), knownLinkIds: new Set() };
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction((m) => ingestOnce(m, normalized));
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(err) ?? '')) throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 40));
    }
  }
}
