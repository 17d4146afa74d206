import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The raw click log becomes a table partitioned by UTC month on clicked_at (`clicks_YYYY_MM`, plus `clicks_default`
 * for a click whose month has no partition yet, so no insert can ever fail for want of one). Retention then drops
 * whole months (instant, no dead rows, no vacuum) instead of deleting rows. Rollups are not touched.
 *
 * Exactly-once. A unique index of a partitioned table must contain the partition key, so the primary key becomes
 * (id, clicked_at) and the ingest says `ON CONFLICT (id, clicked_at) DO NOTHING`. That stays exact: the redirector
 * mints `id` and `at` (→ clicked_at) once per click and both travel inside the BullMQ job, so a re-delivered job
 * carries the very same (id, clicked_at) pair and lands on the same partition, where the pair conflicts. An id is
 * a random UUID, so no two different clicks share one (with or without clicked_at).
 *
 * Functions (called by the maintenance queue, see libs/operations/src/maintenance/click-partitions.ts):
 *   clicks_month_partition(instant) creates the partition of that instant's UTC month, moving into it the rows
 *     the default partition holds for that month (a partition cannot be attached over rows of the default);
 *   clicks_ensure_partitions(months_ahead) creates this month's and the next months' partitions and one for every
 *     month that has rows in the default partition; returns the partitions it created.
 *
 * The migration copies the rows (one INSERT … SELECT under a SHARE lock: reads go on, writes wait, nothing is lost)
 * and recreates every secondary index the old table had (whatever other migrations added to it).
 */
const MONTH_PARTITION = `
CREATE FUNCTION clicks_month_partition(at_instant timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  m timestamp := date_trunc('month', at_instant AT TIME ZONE 'UTC');
  lo timestamptz := m AT TIME ZONE 'UTC';
  hi timestamptz := (m + interval '1 month') AT TIME ZONE 'UTC';
  part text := 'clicks_' || to_char(m, 'YYYY_MM');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN NULL; END IF;
  LOCK TABLE clicks IN SHARE UPDATE EXCLUSIVE MODE;
  LOCK TABLE clicks_default IN ACCESS EXCLUSIVE MODE;
  IF to_regclass(part) IS NOT NULL THEN RETURN NULL; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE clicks INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)', part);
  EXECUTE format('WITH moved AS (DELETE FROM clicks_default WHERE clicked_at >= %L AND clicked_at < %L RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', lo, hi, part);
  EXECUTE format('ALTER TABLE clicks ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  RETURN part;
END $$;

CREATE FUNCTION clicks_ensure_partitions(months_ahead int) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz;
  made text;
BEGIN
  FOR m IN
    SELECT DISTINCT date_trunc('month', clicked_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM clicks_default
    UNION
    SELECT g AT TIME ZONE 'UTC' FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => months_ahead), interval '1 month') g
    ORDER BY 1
  LOOP
    made := clicks_month_partition(m);
    IF made IS NOT NULL THEN RETURN NEXT made; END IF;
  END LOOP;
END $$;`;

export class PartitionedClicks1765500000000 implements MigrationInterface {
  name = 'PartitionedClicks1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE clicks IN SHARE MODE`);
    const indexes: { def: string }[] = await q.query(
      `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
        WHERE i.indrelid = 'clicks'::regclass AND NOT i.indisprimary ORDER BY i.indexrelid`,
    );
    await q.query(`
      CREATE TABLE clicks_partitioned (LIKE clicks INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)
        PARTITION BY RANGE (clicked_at);
      ALTER TABLE clicks_partitioned ADD CONSTRAINT clicks_partitioned_pkey PRIMARY KEY (id, clicked_at);
      CREATE TABLE clicks_partitioned_default PARTITION OF clicks_partitioned DEFAULT;`);
    // Copy first, index after (faster); the months with clicks get their partitions below, out of the default.
    await q.query(`INSERT INTO clicks_partitioned SELECT * FROM clicks`);
    const [{ before }] = await q.query(`SELECT count(*)::bigint AS before FROM clicks`);
    const [{ after }] = await q.query(`SELECT count(*)::bigint AS after FROM clicks_partitioned`);
    if (before !== after) throw new Error(`clicks copy lost rows: ${before} before, ${after} after`);
    await q.query(`
      DROP TABLE clicks;
      ALTER TABLE clicks_partitioned RENAME TO clicks;
      ALTER TABLE clicks RENAME CONSTRAINT clicks_partitioned_pkey TO clicks_pkey;
      ALTER TABLE clicks_partitioned_default RENAME TO clicks_default;`);
    for (const { def } of indexes) await q.query(def);
    await q.query(MONTH_PARTITION);
    await q.query(`SELECT clicks_ensure_partitions(3)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE clicks IN SHARE MODE`);
    const indexes: { def: string }[] = await q.query(
      `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
        WHERE i.indrelid = 'clicks'::regclass AND NOT i.indisprimary ORDER BY i.indexrelid`,
    );
    await q.query(`
      CREATE TABLE clicks_plain (LIKE clicks INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE);
      INSERT INTO clicks_plain SELECT * FROM clicks;
      DROP FUNCTION clicks_ensure_partitions(int);
      DROP FUNCTION clicks_month_partition(timestamptz);
      DROP TABLE clicks;
      ALTER TABLE clicks_plain RENAME TO clicks;
      ALTER TABLE clicks ADD CONSTRAINT clicks_pkey PRIMARY KEY (id);`);
    for (const { def } of indexes) await q.query(def.replace(' ON ONLY ', ' ON '));
  }
}
