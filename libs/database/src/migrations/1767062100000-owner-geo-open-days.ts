import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupTriggersSql, rollupTriggersSql } from './rollup-triggers.js';

const KEYS = 'owner_id, day, country_code, region, city';
/** The UTC days not rolled up yet (migration DaysRolledUp): the only days this table keeps. */
const OPEN = `bucket >= ((SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC')`;
const rows = (from: string, sign: string) =>
  `SELECT owner_id, (bucket AT TIME ZONE 'UTC')::date AS day, country_code, country, region, city, ${sign}clicks AS clicks
     FROM ${from} WHERE ${OPEN}`;

/**
 * Issue 31: the owner geography of a range ending today summed every 15-minute row of the day so far (20,675 of
 * the 33,818 rows it read at 22:00 UTC on the 11M-click bench database; docs/performance-history.md, "Local days
 * from daily rows, the day so far in one row per place"). `owner_geo_open_days` holds, per owner, place and UTC day not rolled up yet, the sum of that
 * day's `owner_geo_15m` rows: one row per place for the day so far. A statement trigger on `owner_geo_15m` keeps it
 * (a cascade of the per-link geography's, so the ingest, late clicks and deletions reach it as they reach
 * owner_geo_15m), skipping rolled-up days; the day roll-up deletes the days it closes. Back-filled here from
 * owner_geo_15m.
 */
export class OwnerGeoOpenDays1767062100000 implements MigrationInterface {
  name = 'OwnerGeoOpenDays1767062100000';

  async up(q: QueryRunner): Promise<void> {
    const upsert = (deltas: string) => `
      INSERT INTO owner_geo_open_days AS t (${KEYS}, country, clicks)
      SELECT ${KEYS}, max(country), sum(clicks) FROM (${deltas}) r GROUP BY ${KEYS} HAVING sum(clicks) <> 0 ORDER BY ${KEYS}
      ON CONFLICT (${KEYS}) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks, country = EXCLUDED.country;`;
    await q.query(`
      CREATE TABLE owner_geo_open_days (
        owner_id uuid NOT NULL, day date NOT NULL, country_code text NOT NULL, country text NOT NULL,
        region text NOT NULL, city text NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, day, country_code, region, city)
      ) WITH (fillfactor = 70);
      ${rollupTriggersSql('owner_geo_open_days', 'owner_geo_15m', upsert, rows('new_rows', ''), rows('old_rows', '-'))}
      INSERT INTO owner_geo_open_days (${KEYS}, country, clicks)
        SELECT ${KEYS}, max(country), sum(clicks) FROM (${rows('owner_geo_15m', '')}) r GROUP BY ${KEYS} HAVING sum(clicks) <> 0;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`${dropRollupTriggersSql('owner_geo_open_days', 'owner_geo_15m')} DROP TABLE owner_geo_open_days;`);
  }
}
