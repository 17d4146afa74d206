import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: indexes no read uses, each written on (almost) every click. `ips_first_seen` (new IPs per day come from
 * ip_first_seen_15m; as `ips.last_seen` is indexed, every `ips` update is non-HOT and wrote this index too) and the
 * `owner_id` indexes of `link_geo_15m` / `link_geo_daily` (owner dashboards read owner_geo_*; deleting a user's data
 * now finds their per-link rows by link id). `bench:ingest`, three alternating runs on one machine: Postgres CPU per
 * click 100.0 / 102.0 / 105.4 µs with them, 82.8 / 93.6 / 94.8 µs without.
 */
export class FewerIngestIndexes1766100000000 implements MigrationInterface {
  name = 'FewerIngestIndexes1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ips_first_seen; DROP INDEX IF EXISTS link_geo_15m_owner; DROP INDEX IF EXISTS link_geo_daily_owner`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX ips_first_seen ON ips (first_seen);
      CREATE INDEX link_geo_15m_owner ON link_geo_15m (owner_id, bucket);
      CREATE INDEX link_geo_daily_owner ON link_geo_daily (owner_id, day);
    `);
  }
}
