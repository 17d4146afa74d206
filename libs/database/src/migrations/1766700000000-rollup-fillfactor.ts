import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The share of each page the rollup tables fill on insert: the rest is room for the updates of its rows. */
export const ROLLUP_FILLFACTOR = 70;

/**
 * The tables the ingest adds counts to, besides ips and ip_activity (IpLastBucket gave them the same room) and
 * owner_geo_monthly (MonthlyGeoFillfactor: 50, its rows are wide and updated on every click of the month).
 */
export const ROLLUP_TABLES = [
  'ip_places',
  'link_stats',
  'link_clicks_daily',
  'link_clicks_15m',
  'link_tech_daily',
  'link_tech_15m',
  'link_geo_daily',
  'link_geo_15m',
  'owner_clicks_daily',
  'owner_clicks_15m',
  'owner_geo_15m',
];

/**
 * Issue 14: the ingest updates the same rollup rows again and again (a link's bucket, its places, its agents). On
 * full pages (fillfactor 100) most of those updates cannot stay on their page, so each writes a new index entry and
 * leaves its old version elsewhere. With 30 % of each page free the update stays on the page (HOT: no index entry);
 * the page's dead versions are pruned when it fills. `npm run bench:ingest-sql`, alternating runs: 48.5 / 46.1 →
 * 40.7 / 40.4 µs of Postgres CPU per click. Only pages written from now on keep the room; VACUUM FULL (or
 * pg_repack) gives it to a table's existing pages.
 */
export class RollupFillfactor1766700000000 implements MigrationInterface {
  name = 'RollupFillfactor1766700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ROLLUP_TABLES) await q.query(`ALTER TABLE ${table} SET (fillfactor = ${ROLLUP_FILLFACTOR})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ROLLUP_TABLES) await q.query(`ALTER TABLE ${table} RESET (fillfactor)`);
  }
}
