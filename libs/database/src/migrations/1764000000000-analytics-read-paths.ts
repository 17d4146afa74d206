import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two read paths for the dashboards whose cost grew with clicks (owned by analytics; bench: npm run bench:analytics).
 *
 * owner_geo_monthly: one row per (owner, UTC month, place) holding `cum`, the owner's clicks from that place
 * through each day of the month (cum[d] = clicks on days 1..d, 31 entries). The clicks of days a..b of the month
 * are cum[b] - cum[a-1], so a 30-day geography reads ≤ 2 rows per place instead of one per place per day
 * (61 000 → 8 000 rows at 1M clicks). Kept from owner_geo_daily by statement triggers: one aggregated upsert
 * per statement, whatever writes owner_geo_daily (its own triggers or direct writes).
 *
 * owner_ip_seen_daily: per owner and UTC day, how many ip_activity rows (IP × link) have last_seen on that day.
 * "Records seen in the last N days" = whole days summed here + the partial first day counted from the
 * (owner_id, last_seen) index, instead of counting every record in the window. Kept from ip_activity by
 * statement triggers (a record moving its last_seen to a later day moves one count).
 */
const SUM_ARRAYS = `(SELECT array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY i) FROM unnest(t.cum, EXCLUDED.cum) WITH ORDINALITY AS u(a, b, i))`;

/** Upsert into owner_geo_monthly of the deltas `rows` (owner_id, day, country_code, country, region, city, clicks). */
const geoUpsert = (rows: string) => `
  INSERT INTO owner_geo_monthly AS t (owner_id, month, country_code, region, city, country, cum)
  SELECT owner_id, month, country_code, region, city, max(country),
         array_cat_agg(CASE WHEN rn = 1 THEN array_fill(0::bigint, ARRAY[dom - 1]) ELSE '{}'::bigint[] END
                       || array_fill(running, ARRAY[nxt - dom]) ORDER BY dom)
    FROM (
      SELECT s.*, (sum(n) OVER k)::bigint AS running, lead(dom, 1, 32) OVER k AS nxt, row_number() OVER k AS rn
        FROM (
          SELECT owner_id, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom,
                 country_code, region, city, max(country) AS country, sum(clicks)::bigint AS n
            FROM (${rows}) d GROUP BY 1, 2, 3, 4, 5, 6
        ) s
      WINDOW k AS (PARTITION BY owner_id, month, country_code, region, city ORDER BY dom)
    ) w
   GROUP BY owner_id, month, country_code, region, city
  HAVING bool_or(n <> 0)
   ORDER BY owner_id, month, country_code, region, city
  ON CONFLICT (owner_id, month, country_code, region, city) DO UPDATE SET cum = ${SUM_ARRAYS}, country = EXCLUDED.country;`;

/** Upsert into owner_ip_seen_daily of the deltas `rows` (owner_id, day, n). */
const seenUpsert = (rows: string) => `
  INSERT INTO owner_ip_seen_daily AS t (owner_id, day, records)
  SELECT owner_id, day, sum(n) FROM (${rows}) d GROUP BY owner_id, day HAVING sum(n) <> 0 ORDER BY owner_id, day
  ON CONFLICT (owner_id, day) DO UPDATE SET records = t.records + EXCLUDED.records;`;
const seenDay = (table: string, sign: string) => `SELECT owner_id, (last_seen AT TIME ZONE 'UTC')::date AS day, ${sign}1 AS n FROM ${table}`;

const GEO_COLS = 'owner_id, day, country_code, country, region, city';

export class AnalyticsReadPaths1764000000000 implements MigrationInterface {
  name = 'AnalyticsReadPaths1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE AGGREGATE array_cat_agg(anycompatiblearray) (SFUNC = array_cat, STYPE = anycompatiblearray, INITCOND = '{}');

      CREATE TABLE owner_geo_monthly (
        owner_id uuid NOT NULL, month date NOT NULL, country_code text NOT NULL, region text NOT NULL, city text NOT NULL,
        country text NOT NULL, cum bigint[] NOT NULL,
        PRIMARY KEY (owner_id, month, country_code, region, city)
      );
      CREATE FUNCTION owner_geo_monthly_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${geoUpsert(`SELECT ${GEO_COLS}, clicks FROM new_rows`)} RETURN NULL; END $$;
      CREATE FUNCTION owner_geo_monthly_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${geoUpsert(`SELECT ${GEO_COLS}, clicks FROM new_rows UNION ALL SELECT ${GEO_COLS}, -clicks AS clicks FROM old_rows`)} RETURN NULL; END $$;
      CREATE FUNCTION owner_geo_monthly_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${geoUpsert(`SELECT ${GEO_COLS}, -clicks AS clicks FROM old_rows`)} RETURN NULL; END $$;
      CREATE TRIGGER owner_geo_monthly_ins AFTER INSERT ON owner_geo_daily
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_geo_monthly_on_insert();
      CREATE TRIGGER owner_geo_monthly_upd AFTER UPDATE ON owner_geo_daily
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_geo_monthly_on_update();
      CREATE TRIGGER owner_geo_monthly_del AFTER DELETE ON owner_geo_daily
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_geo_monthly_on_delete();

      CREATE TABLE owner_ip_seen_daily (
        owner_id uuid NOT NULL, day date NOT NULL, records bigint NOT NULL,
        PRIMARY KEY (owner_id, day)
      );
      CREATE FUNCTION owner_ip_seen_daily_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${seenUpsert(seenDay('new_rows', '+'))} RETURN NULL; END $$;
      CREATE FUNCTION owner_ip_seen_daily_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${seenUpsert(`${seenDay('new_rows', '+')} UNION ALL ${seenDay('old_rows', '-')}`)} RETURN NULL; END $$;
      CREATE FUNCTION owner_ip_seen_daily_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${seenUpsert(seenDay('old_rows', '-'))} RETURN NULL; END $$;
      CREATE TRIGGER owner_ip_seen_daily_ins AFTER INSERT ON ip_activity
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_ip_seen_daily_on_insert();
      CREATE TRIGGER owner_ip_seen_daily_upd AFTER UPDATE ON ip_activity
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_ip_seen_daily_on_update();
      CREATE TRIGGER owner_ip_seen_daily_del AFTER DELETE ON ip_activity
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_ip_seen_daily_on_delete();
    `);
    // Backfill from what is already stored.
    await q.query(geoUpsert(`SELECT ${GEO_COLS}, clicks FROM owner_geo_daily`));
    await q.query(seenUpsert(seenDay('ip_activity', '+')));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER IF EXISTS owner_geo_monthly_ins ON owner_geo_daily;
      DROP TRIGGER IF EXISTS owner_geo_monthly_upd ON owner_geo_daily;
      DROP TRIGGER IF EXISTS owner_geo_monthly_del ON owner_geo_daily;
      DROP FUNCTION IF EXISTS owner_geo_monthly_on_insert(), owner_geo_monthly_on_update(), owner_geo_monthly_on_delete();
      DROP TABLE IF EXISTS owner_geo_monthly;
      DROP TRIGGER IF EXISTS owner_ip_seen_daily_ins ON ip_activity;
      DROP TRIGGER IF EXISTS owner_ip_seen_daily_upd ON ip_activity;
      DROP TRIGGER IF EXISTS owner_ip_seen_daily_del ON ip_activity;
      DROP FUNCTION IF EXISTS owner_ip_seen_daily_on_insert(), owner_ip_seen_daily_on_update(), owner_ip_seen_daily_on_delete();
      DROP TABLE IF EXISTS owner_ip_seen_daily;
      DROP AGGREGATE IF EXISTS array_cat_agg(anycompatiblearray);
    `);
  }
}
