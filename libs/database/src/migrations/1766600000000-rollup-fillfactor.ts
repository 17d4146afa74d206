import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The share of each page the rollup tables fill on insert: the rest is room for the updates of its rows. */
export const ROLLUP_FILLFACTOR = 70;

/** Every table the ingest adds counts to: the ingest statement's upserts and the per-owner rows their triggers keep. */
export const ROLLUP_TABLES = [
  'ips',
  'ip_activity',
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
  'owner_geo_monthly',
];

/**
 * Issue 14: the ingest updates the same rollup rows again and again (a link's bucket, its places, its agents). With
 * full pages (fillfactor 100) most of those updates cannot stay on their page, so each one writes a new index entry and
 * leaves a row version elsewhere. With 30 % of each page free, the update stays on the page (a HOT update: no index
 * entry) until the page fills. Postgres CPU per click of the ingest statement 57.2–62.4 → 47.0–52.6 µs
 * (`npm run bench:ingest-sql`, one and two lanes). Only pages written from now on keep the room; VACUUM FULL or
 * pg_repack applies it to a table's existing pages.
 */
export class RollupFillfactor1766600000000 implements MigrationInterface {
  name = 'RollupFillfactor1766600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ROLLUP_TABLES) await q.query(`ALTER TABLE ${table} SET (fillfactor = ${ROLLUP_FILLFACTOR})`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ROLLUP_TABLES) await q.query(`ALTER TABLE ${table} RESET (fillfactor)`);
  }
}
