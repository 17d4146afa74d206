import type { EntityManager } from 'typeorm';
import {
  CLICK_LOG,
  OWNER_PAIR_KEY,
  OWNER_PAIR_ORDER,
  ownerDimensionValuesSql,
  ownerPairBucketRowsSql,
  ownerPairRowsSql,
  quarterOfDaySql,
  rollupTables,
} from './rollup-manifest.js';

/** OWNER_PAIR_KEY's columns of the relation `alias`. */
const keyOf = (alias: string) =>
  OWNER_PAIR_KEY.split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');

/** One link, or an owner with the ids of the links just deleted (DELETE … RETURNING: bot-only links included). */
export type ClickScope = { linkId: string } | { ownerId: string; linkIds: string[] };

/** Per-link tables deleted by link id; ip_activity goes first, on its own, because `ips` loses its clicks. */
const LINK_TABLES = rollupTables('link').filter((t) => t !== 'ip_activity');
/**
 * Per-owner rollups kept by triggers on the per-link ones and on ip_activity: they reach zero when those go, and
 * their rows go too (owner_geo_monthly is fed by link_geo_daily).
 */
const OWNER_TABLES = rollupTables('owner');

/**
 * Deletes raw clicks and every rollup of one link or of one owner, in the caller's transaction (the links projection
 * calls it through its DeleteClickData port when a link or user is deleted). The global `ips` summary loses exactly
 * the clicks of the deleted `ip_activity` rows (rows left with none go; the other `all` rollups follow `ips` by
 * trigger); its first_seen cannot be recomputed and stays. The caller has already deleted the link (or the owner's
 * links) rows, which an ingest and the day roll-up lock first (FOR KEY SHARE): either waits for this transaction
 * instead of deadlocking.
 */
export async function deleteClickData(m: EntityManager, scope: ClickScope): Promise<void> {
  const [column, id] = 'linkId' in scope ? ['link_id', scope.linkId] : ['owner_id', scope.ownerId];
  const linkIds = 'linkId' in scope ? [scope.linkId] : scope.linkIds;
  // By link id, through clicks_link_time on each partition: no index covers owner_id, which would read them all.
  // One link's clicks also leave owner_dims_15m, which the ingest writes from the clicks themselves (an owner's rows
  // all go below).
  if (linkIds.length && 'linkId' in scope) await deleteLinkClicks(m, scope.linkId);
  else if (linkIds.length) await m.query<unknown>(`DELETE FROM ${CLICK_LOG} WHERE link_id = ANY($1::uuid[])`, [linkIds]);
  // A top-level SELECT (TypeORM hands back [rows, count] for a bare UPDATE ... RETURNING).
  const emptied = await m.query<{ ip: string }[]>(
    `WITH gone AS (DELETE FROM ip_activity WHERE ${column} = $1 RETURNING ip, click_count),
          per_ip AS (SELECT ip, sum(click_count) AS n FROM gone GROUP BY ip ORDER BY ip),
          updated AS (UPDATE ips SET click_count = ips.click_count - per_ip.n FROM per_ip WHERE ips.ip = per_ip.ip
                      RETURNING ips.ip, ips.click_count)
     SELECT ip FROM updated WHERE click_count <= 0`,
    [id],
  );
  if (emptied.length) await m.query<unknown>('DELETE FROM ips WHERE ip = ANY($1::text[]) AND click_count <= 0', [emptied.map((r) => r.ip)]);
  // By link id (every per-link table's key starts with it): the per-link tables keep no owner index (FewerIngestIndexes).
  if (linkIds.length) for (const table of LINK_TABLES) await m.query<unknown>(`DELETE FROM ${table} WHERE link_id = ANY($1::uuid[])`, [linkIds]);
  if ('ownerId' in scope) {
    for (const table of OWNER_TABLES) await m.query<unknown>(`DELETE FROM ${table} WHERE owner_id = $1`, [id]);
  }
}

/**
 * Deletes one link's raw clicks and takes its non-bot clicks off the per-owner rollups the ingest writes from the
 * clicks themselves: owner_dims_15m, and the pairs, owner_pairs_daily for the days rolled up and owner_pairs_open for
 * the others (rows left with none go). Clicks
 * already dropped by retention cannot be taken off: their rows stay, as the other rollups of those days do.
 */
async function deleteLinkClicks(m: EntityManager, linkId: string): Promise<void> {
  const spelled = (c: string) => `coalesce(${c}, '')`;
  const [emptied] = await m.query<{ dims: unknown[]; pairs: unknown[]; open: unknown[] }[]>(
    `WITH gone AS (DELETE FROM ${CLICK_LOG} WHERE link_id = $1 RETURNING owner_id, clicked_at, is_bot,
                     country_code, country, region, city, device, browser, os, referrer, language),
          dims AS (SELECT owner_id, d.dimension, d.value, date_bin('15 minutes', clicked_at, timestamptz 'epoch') AS bucket, count(*) AS n
                     FROM gone CROSS JOIN LATERAL (${ownerDimensionValuesSql(spelled)}) AS d(dimension, value)
                    WHERE NOT is_bot GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4),
          dims_left AS (UPDATE owner_dims_15m t SET clicks = t.clicks - dims.n FROM dims
                         WHERE (t.owner_id, t.dimension, t.value, t.bucket) = (dims.owner_id, dims.dimension, dims.value, dims.bucket)
                        RETURNING t.owner_id AS o, t.dimension AS d, t.value AS v, t.bucket AS b, t.clicks),
          pairs AS (${ownerPairRowsSql(
            `SELECT *, (clicked_at AT TIME ZONE 'UTC')::date AS day, ${quarterOfDaySql('clicked_at')} AS quarter FROM gone
              WHERE NOT is_bot AND clicked_at < (SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC'`,
            spelled,
            '-',
          )} ORDER BY ${OWNER_PAIR_ORDER('day')}),
          pairs_left AS (UPDATE owner_pairs_daily t SET clicks = t.clicks + pairs.clicks, quarters = add_quarters(t.quarters, pairs.quarters)
                           FROM pairs
                          WHERE (${keyOf('t')}, t.day) = (${keyOf('pairs')}, pairs.day)
                         RETURNING t.owner_id AS o, t.pair AS p, t.value_a AS a, t.value_b AS b, t.region AS r, t.city AS c, t.day AS d, t.clicks),
          open_rows AS (${ownerPairBucketRowsSql(
            `SELECT *, date_bin('15 minutes', clicked_at, timestamptz 'epoch') AS bucket FROM gone
              WHERE NOT is_bot AND clicked_at >= (SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC'`,
            spelled,
          )} ORDER BY ${OWNER_PAIR_ORDER('bucket')}),
          open_left AS (UPDATE owner_pairs_open t SET clicks = t.clicks - open_rows.clicks FROM open_rows
                         WHERE (${keyOf('t')}, t.bucket) = (${keyOf('open_rows')}, open_rows.bucket)
                        RETURNING t.owner_id AS o, t.pair AS p, t.value_a AS a, t.value_b AS b, t.region AS r, t.city AS c, t.bucket AS q, t.clicks)
     SELECT (SELECT coalesce(jsonb_agg(x), '[]') FROM dims_left x WHERE clicks <= 0) AS dims,
            (SELECT coalesce(jsonb_agg(x), '[]') FROM pairs_left x WHERE clicks <= 0) AS pairs,
            (SELECT coalesce(jsonb_agg(x), '[]') FROM open_left x WHERE clicks <= 0) AS open`,
    [linkId],
  );
  // The rows left with none go (the UPDATEs above are done: a later statement sees them).
  await m.query<unknown>(
    `DELETE FROM owner_dims_15m t USING jsonb_to_recordset($1::jsonb) AS e(o uuid, d text, v text, b timestamptz)
      WHERE (t.owner_id, t.dimension, t.value, t.bucket) = (e.o, e.d, e.v, e.b) AND t.clicks <= 0`,
    [JSON.stringify(emptied.dims)],
  );
  await m.query<unknown>(
    `DELETE FROM owner_pairs_daily t USING jsonb_to_recordset($1::jsonb) AS e(o uuid, p text, a text, b text, r text, c text, d date)
      WHERE (${keyOf('t')}, t.day) = (e.o, e.p, e.a, e.b, e.r, e.c, e.d) AND t.clicks <= 0`,
    [JSON.stringify(emptied.pairs)],
  );
  await m.query<unknown>(
    `DELETE FROM owner_pairs_open t USING jsonb_to_recordset($1::jsonb) AS e(o uuid, p text, a text, b text, r text, c text, q timestamptz)
      WHERE (${keyOf('t')}, t.bucket) = (e.o, e.p, e.a, e.b, e.r, e.c, e.q) AND t.clicks <= 0`,
    [JSON.stringify(emptied.open)],
  );
}
