import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: the instance admin's daily summary reads every workspace's `owner_clicks_15m` rows of a few windows of
 * each day (docs/architecture.md "Local days"). Keyed (owner_id, bucket), the table had no index a read without an
 * owner could search by bucket, so each window was a scan of the whole table. The ingest's trigger updates leave
 * `bucket` unchanged (still HOT updates); a new row per workspace and 15 minutes adds one index entry.
 */
export class OwnerClicksByBucket1767062000000 implements MigrationInterface {
  name = 'OwnerClicksByBucket1767062000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX owner_clicks_15m_bucket ON owner_clicks_15m (bucket)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX owner_clicks_15m_bucket`);
  }
}
