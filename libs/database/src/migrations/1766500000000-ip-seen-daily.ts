import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupTriggersSql, rollupTriggersSql } from './rollup-triggers.js';

/**
 * Issue 14: the admin IP summary counted the addresses seen in the last 7 days with `count(*) FROM ips WHERE
 * last_seen >= ...`. Every click updates its address's row and moves last_seen (indexed, so the update is never
 * HOT), and between autovacuum runs the table fills with dead versions: after `bench:analytics -- --scale 10`
 * `ips` held 30,749 addresses in 206 MB, and that count read all 26,347 pages (124 ms; the call's p95 63 ms).
 *
 * ip_seen_daily: per UTC day, how many addresses have their last_seen on it, kept by statement triggers on `ips`
 * (an address whose last_seen moves to a later day moves one count), like owner_ip_seen_daily for ip_activity. The
 * count is whole days from here plus the partial first day from the ips_last_seen index.
 */
const seenDay = (table: string, sign: string) => `SELECT (last_seen AT TIME ZONE 'UTC')::date AS day, ${sign}1 AS n FROM ${table}`;
const seenUpsert = (rows: string) => `
  INSERT INTO ip_seen_daily AS t (day, ips)
  SELECT day, sum(n) FROM (${rows}) d GROUP BY day HAVING sum(n) <> 0 ORDER BY day
  ON CONFLICT (day) DO UPDATE SET ips = t.ips + EXCLUDED.ips;`;

export class IpSeenDaily1766500000000 implements MigrationInterface {
  name = 'IpSeenDaily1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ip_seen_daily (day date PRIMARY KEY, ips bigint NOT NULL);
      ${rollupTriggersSql('ip_seen_daily', 'ips', seenUpsert, seenDay('new_rows', '+'), seenDay('old_rows', '-'))}
    `);
    // Backfill from what is already stored.
    await q.query(seenUpsert(seenDay('ips', '+')));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ${dropRollupTriggersSql('ip_seen_daily', 'ips')}
      DROP TABLE ip_seen_daily;
    `);
  }
}
