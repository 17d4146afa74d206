import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-owner click and geography rollups for the dashboards (owned by analytics).
 *
 * A user's per-day series over 30 days read from the per-link 15-minute rollup touch links × 2 880 rows
 * (288 000 for 100 links: ~75 ms); the per-owner rollups hold the same numbers in 2 880 rows.
 * They are kept by statement-level triggers on the per-link rollups, so the worker's ingest transaction
 * fills them without knowing they exist: one aggregated upsert per statement, in key order, in the same
 * transaction (so they are exactly as idempotent and exact as the per-link rollups they sum).
 */
const FAMILIES = [
  { source: 'link_clicks_15m', target: 'owner_clicks_15m', keys: ['owner_id', 'bucket'], extra: [] as string[] },
  { source: 'link_clicks_daily', target: 'owner_clicks_daily', keys: ['owner_id', 'day'], extra: [] as string[] },
  { source: 'link_geo_15m', target: 'owner_geo_15m', keys: ['owner_id', 'bucket', 'country_code', 'region', 'city'], extra: ['country'] },
  { source: 'link_geo_daily', target: 'owner_geo_daily', keys: ['owner_id', 'day', 'country_code', 'region', 'city'], extra: ['country'] },
];

export class OwnerRollups1763900000000 implements MigrationInterface {
  name = 'OwnerRollups1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE owner_clicks_15m (
        owner_id uuid NOT NULL, bucket timestamptz NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, bucket)
      );
      CREATE TABLE owner_clicks_daily (
        owner_id uuid NOT NULL, day date NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, day)
      );
      CREATE TABLE owner_geo_15m (
        owner_id uuid NOT NULL, bucket timestamptz NOT NULL, country_code text NOT NULL, country text NOT NULL,
        region text NOT NULL, city text NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, bucket, country_code, region, city)
      );
      CREATE TABLE owner_geo_daily (
        owner_id uuid NOT NULL, day date NOT NULL, country_code text NOT NULL, country text NOT NULL,
        region text NOT NULL, city text NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, day, country_code, region, city)
      );
    `);
    for (const f of FAMILIES) {
      const cols = [...f.keys, ...f.extra];
      const keyList = f.keys.join(', ');
      const colList = cols.join(', ');
      const extraSet = f.extra.map((c) => `, ${c} = EXCLUDED.${c}`).join('');
      // Grouped by the key only (extra columns like country follow it), so one statement never hits a row twice.
      const selectList = [...f.keys, ...f.extra.map((c) => `max(${c})`)].join(', ');
      const upsert = (rows: string) => `
        INSERT INTO ${f.target} (${colList}, clicks)
        SELECT ${selectList}, sum(clicks) FROM (${rows}) r GROUP BY ${keyList} HAVING sum(clicks) <> 0 ORDER BY ${keyList}
        ON CONFLICT (${keyList}) DO UPDATE SET clicks = ${f.target}.clicks + EXCLUDED.clicks${extraSet};`;
      const neg = `SELECT ${colList}, -clicks AS clicks FROM old_rows`;
      const pos = `SELECT ${colList}, clicks FROM new_rows`;
      await q.query(`
        CREATE FUNCTION ${f.target}_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${upsert(pos)} RETURN NULL; END $$;
        CREATE FUNCTION ${f.target}_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${upsert(`${pos} UNION ALL ${neg}`)} RETURN NULL; END $$;
        CREATE FUNCTION ${f.target}_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${upsert(neg)} RETURN NULL; END $$;
        CREATE TRIGGER ${f.target}_ins AFTER INSERT ON ${f.source}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${f.target}_on_insert();
        CREATE TRIGGER ${f.target}_upd AFTER UPDATE ON ${f.source}
          REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${f.target}_on_update();
        CREATE TRIGGER ${f.target}_del AFTER DELETE ON ${f.source}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${f.target}_on_delete();
        INSERT INTO ${f.target} (${colList}, clicks)
          SELECT ${selectList}, sum(clicks) FROM ${f.source} GROUP BY ${keyList} HAVING sum(clicks) <> 0;
      `);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const f of FAMILIES) {
      await q.query(`
        DROP TRIGGER IF EXISTS ${f.target}_ins ON ${f.source};
        DROP TRIGGER IF EXISTS ${f.target}_upd ON ${f.source};
        DROP TRIGGER IF EXISTS ${f.target}_del ON ${f.source};
        DROP FUNCTION IF EXISTS ${f.target}_on_insert(), ${f.target}_on_update(), ${f.target}_on_delete();
        DROP TABLE IF EXISTS ${f.target};
      `);
    }
  }
}
