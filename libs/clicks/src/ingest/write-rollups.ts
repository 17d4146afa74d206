import type { EntityManager } from 'typeorm';
import type { Rollups } from './rollup-rows.js';

type Column = [name: string, type: string, values: unknown[]];

/**
 * Every rollup upsert of a batch as data-modifying CTEs of ONE statement (one round trip, rows from parallel
 * arrays through unnest), so the row locks other workers may wait for are held for the shortest time.
 */
class RollupStatement {
  private readonly parts: string[] = [];
  private readonly params: unknown[][] = [];
  upsert(table: string, columns: Column[], conflict: string, set: string): void {
    const names = columns.map(([n]) => n).join(', ');
    const arrays = columns.map(([, type, values]) => {
      this.params.push(values);
      return `$${this.params.length}::${type}[]`;
    });
    this.parts.push(
      `u${this.parts.length} AS (INSERT INTO ${table} AS t (${names}) SELECT * FROM unnest(${arrays.join(', ')})
       ON CONFLICT (${conflict}) DO UPDATE SET ${set})`,
    );
  }
  async run(m: EntityManager): Promise<void> {
    await m.query(`WITH ${this.parts.join(',\n')}\nSELECT 1`, this.params);
  }
}

const ADD_CLICKS = 'clicks = t.clicks + EXCLUDED.clicks';
const NEWER = (col: string) => `${col} = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.${col} ELSE t.${col} END`;
const SEEN = `first_seen = LEAST(t.first_seen, EXCLUDED.first_seen), click_count = t.click_count + EXCLUDED.click_count`;

/**
 * Adds one batch of inserted clicks to every rollup. Tables are always written in this order and rows
 * arrive sorted by key, so two workers updating the same rows wait for each other instead of deadlocking.
 */
export async function writeRollups(m: EntityManager, r: Rollups): Promise<void> {
  const statement = new RollupStatement();
  const col = <T>(rows: T[], name: string, type: string, pick: (row: T) => unknown): Column => [name, type, rows.map(pick)];

  // Rows few batches share first (per IP, per place), the hot per-link rows last: a concurrent batch on the same
  // links waits on them only for the end of this transaction.
  const ipLinks = r.ipLinks.map(([, a]) => a);
  statement.upsert('ip_activity', [
    col(ipLinks, 'ip', 'text', (a) => a.last.ip),
    col(ipLinks, 'link_id', 'uuid', (a) => a.last.linkId),
    col(ipLinks, 'owner_id', 'uuid', (a) => a.ownerId),
    col(ipLinks, 'first_seen', 'timestamptz', (a) => a.first.at),
    col(ipLinks, 'last_seen', 'timestamptz', (a) => a.last.at),
    col(ipLinks, 'click_count', 'int', (a) => a.clicks),
    col(ipLinks, 'last_referrer', 'text', (a) => a.last.referrer),
    col(ipLinks, 'country_code', 'text', (a) => a.last.countryCode),
    col(ipLinks, 'country', 'text', (a) => a.last.country),
    col(ipLinks, 'region', 'text', (a) => a.last.region),
    col(ipLinks, 'city', 'text', (a) => a.last.city),
  ], 'ip, link_id', [SEEN, ...['last_referrer', 'country_code', 'country', 'region', 'city'].map(NEWER),
    'last_seen = GREATEST(t.last_seen, EXCLUDED.last_seen)'].join(', '));

  const ips = r.ips.map(([, a]) => a);
  statement.upsert('ips', [
    col(ips, 'ip', 'text', (a) => a.last.ip),
    col(ips, 'first_seen', 'timestamptz', (a) => a.first.at),
    col(ips, 'last_seen', 'timestamptz', (a) => a.last.at),
    col(ips, 'click_count', 'int', (a) => a.clicks),
    col(ips, 'country_code', 'text', (a) => a.last.countryCode),
    col(ips, 'country', 'text', (a) => a.last.country),
    col(ips, 'city', 'text', (a) => a.last.city),
  ], 'ip', [SEEN, ...['country_code', 'country', 'city'].map(NEWER), 'last_seen = GREATEST(t.last_seen, EXCLUDED.last_seen)'].join(', '));

  for (const [table, rows, time] of [
    ['link_geo_15m', r.geo15m, ['bucket', 'timestamptz']],
    ['link_geo_daily', r.geoDay, ['day', 'date']],
  ] as const) {
    statement.upsert(table, [
      col(rows, 'link_id', 'uuid', (x) => x.key[0]),
      col(rows, 'owner_id', 'uuid', (x) => x.ownerId),
      col(rows, time[0], time[1], (x) => x.key[1]),
      col(rows, 'country_code', 'text', (x) => x.key[2]),
      col(rows, 'country', 'text', (x) => r.countryName(x.key[2])),
      col(rows, 'region', 'text', (x) => x.key[3]),
      col(rows, 'city', 'text', (x) => x.key[4]),
      col(rows, 'clicks', 'int', (x) => x.clicks),
    ], `link_id, ${time[0]}, country_code, region, city`, ADD_CLICKS);
  }

  for (const [table, rows, time] of [
    ['link_tech_15m', r.tech15m, ['bucket', 'timestamptz']],
    ['link_tech_daily', r.techDay, ['day', 'date']],
  ] as const) {
    statement.upsert(table, [
      col(rows, 'link_id', 'uuid', (x) => x.key[0]),
      col(rows, 'owner_id', 'uuid', (x) => x.ownerId),
      col(rows, time[0], time[1], (x) => x.key[1]),
      col(rows, 'dimension', 'text', (x) => x.key[2]),
      col(rows, 'value', 'text', (x) => x.key[3]),
      col(rows, 'clicks', 'int', (x) => x.clicks),
    ], `link_id, ${time[0]}, dimension, value`, ADD_CLICKS);
  }

  for (const [table, rows, time] of [
    ['link_clicks_15m', r.per15m, ['bucket', 'timestamptz']],
    ['link_clicks_daily', r.perDay, ['day', 'date']],
  ] as const) {
    statement.upsert(table, [
      col(rows, 'link_id', 'uuid', (x) => x.key[0]),
      col(rows, 'owner_id', 'uuid', (x) => x.ownerId),
      col(rows, time[0], time[1], (x) => x.key[1]),
      col(rows, 'clicks', 'int', (x) => x.clicks),
    ], `link_id, ${time[0]}`, ADD_CLICKS);
  }

  // Last: link_stats is the hottest row set (one row per link).
  const links = r.links.map(([linkId, a]) => ({ linkId, a }));
  statement.upsert('link_stats', [
    col(links, 'link_id', 'uuid', (x) => x.linkId),
    col(links, 'owner_id', 'uuid', (x) => x.a.ownerId),
    col(links, 'click_count', 'bigint', (x) => x.a.clicks),
    col(links, 'last_click_at', 'timestamptz', (x) => x.a.last.at),
  ], 'link_id', 'click_count = t.click_count + EXCLUDED.click_count, last_click_at = GREATEST(t.last_click_at, EXCLUDED.last_click_at)');
  await statement.run(m);
}
