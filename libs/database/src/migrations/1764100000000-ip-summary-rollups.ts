import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin IP summary without reading every IP (owned by analytics; bench: npm run bench:analytics).
 *
 * `ips` holds one row per address ever seen and is updated by every click, so summing it per place costs a scan of
 * every address (and of the dead row versions the updates leave behind): 90 ms at 11M clicks. Two rollups keep
 * what the summary needs, by statement triggers on `ips` (one aggregated upsert per statement, in key order, in the
 * writer's transaction, so they are as exact as `ips` itself, including the deletions of a removed user):
 *
 * ip_places: per place (country code, country, city; '' when unknown) the addresses whose latest click came from
 * it and their clicks: the totals, top countries and top cities.
 * ip_first_seen_15m: per UTC 15-minute bucket the addresses first seen in it: new IPs per local day for any offset
 * (every real offset is a multiple of 15 minutes). An update that keeps first_seen nets to zero and writes nothing.
 */
const PLACE = `coalesce(country_code, '') AS country_code, coalesce(country, '') AS country, coalesce(city, '') AS city`;
const places = (sign: '+' | '-', table: string) => `SELECT ${PLACE}, ${sign}1 AS ips, ${sign}click_count::bigint AS clicks FROM ${table}`;
const firstSeen = (sign: '+' | '-', table: string) =>
  `SELECT date_bin('15 minutes', first_seen, timestamptz 'epoch') AS bucket, ${sign}1 AS ips FROM ${table}`;

const placesUpsert = (rows: string) => `
  INSERT INTO ip_places AS t (country_code, country, city, ips, clicks)
  SELECT country_code, country, city, sum(ips), sum(clicks) FROM (${rows}) d
   GROUP BY 1, 2, 3 HAVING sum(ips) <> 0 OR sum(clicks) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (country_code, country, city) DO UPDATE SET ips = t.ips + EXCLUDED.ips, clicks = t.clicks + EXCLUDED.clicks;`;
const firstSeenUpsert = (rows: string) => `
  INSERT INTO ip_first_seen_15m AS t (bucket, ips)
  SELECT bucket, sum(ips) FROM (${rows}) d GROUP BY bucket HAVING sum(ips) <> 0 ORDER BY bucket
  ON CONFLICT (bucket) DO UPDATE SET ips = t.ips + EXCLUDED.ips;`;

const body = (kind: 'insert' | 'update' | 'delete') => {
  const rows = (f: typeof places) =>
    kind === 'insert' ? f('+', 'new_rows') : kind === 'delete' ? f('-', 'old_rows') : `${f('+', 'new_rows')} UNION ALL ${f('-', 'old_rows')}`;
  return `${placesUpsert(rows(places))} ${firstSeenUpsert(rows(firstSeen))}`;
};

export class IpSummaryRollups1764100000000 implements MigrationInterface {
  name = 'IpSummaryRollups1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ip_places (
        country_code text NOT NULL, country text NOT NULL, city text NOT NULL, ips bigint NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (country_code, country, city)
      );
      CREATE TABLE ip_first_seen_15m (bucket timestamptz PRIMARY KEY, ips bigint NOT NULL);
      CREATE FUNCTION ip_summary_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body('insert')} RETURN NULL; END $$;
      CREATE FUNCTION ip_summary_on_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body('update')} RETURN NULL; END $$;
      CREATE FUNCTION ip_summary_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body('delete')} RETURN NULL; END $$;
      CREATE TRIGGER ip_summary_ins AFTER INSERT ON ips
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ip_summary_on_insert();
      CREATE TRIGGER ip_summary_upd AFTER UPDATE ON ips
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ip_summary_on_update();
      CREATE TRIGGER ip_summary_del AFTER DELETE ON ips
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ip_summary_on_delete();
    `);
    // Backfill from what is already stored.
    await q.query(placesUpsert(places('+', 'ips')));
    await q.query(firstSeenUpsert(firstSeen('+', 'ips')));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER IF EXISTS ip_summary_ins ON ips;
      DROP TRIGGER IF EXISTS ip_summary_upd ON ips;
      DROP TRIGGER IF EXISTS ip_summary_del ON ips;
      DROP FUNCTION IF EXISTS ip_summary_on_insert(), ip_summary_on_update(), ip_summary_on_delete();
      DROP TABLE IF EXISTS ip_places, ip_first_seen_15m;
    `);
  }
}
