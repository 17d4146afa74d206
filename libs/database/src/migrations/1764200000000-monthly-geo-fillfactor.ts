import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * owner_geo_monthly rows are rewritten by every ingest that touches their place (a new `cum` array of the same
 * size, the key unchanged). With half of each page left free those updates stay on their page (HOT) and the old
 * versions are pruned there, so the table stays about twice its live size instead of growing with the updates
 * between vacuums; the geography reads fewer pages (bench:analytics, geographic p95).
 */
export class MonthlyGeoFillfactor1764200000000 implements MigrationInterface {
  name = 'MonthlyGeoFillfactor1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE owner_geo_monthly SET (fillfactor = 50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE owner_geo_monthly RESET (fillfactor)`);
  }
}
