// `bench:analytics --db <url> --end-of-day`: the reads of a range ending today sum the day so far at the 15-minute
// grain (decision 0007), so a dashboard is slowest just before midnight UTC. This puts yesterday back in that state
// (what the day roll-up had not done yet): its per-day rows deleted (the triggers take them off the per-owner
// tables), its places summed into `owner_geo_open_days`, its pairs
// counted into `owner_pairs_open`, its click bitmaps made open ones, `rolled_before` moved back. The next day roll-up (a
// worker's maintenance) rolls it up again from the 15-minute rows, which it never touched.
const { OWNER_PAIR_KEY, ownerPairBucketRowsSql } = await import(new URL('../../dist/libs/clicks/src/index.js', import.meta.url).href);

const Y = `((now() AT TIME ZONE 'UTC')::date - 1)`;
const DAY_ROWS = ['link_clicks_daily', 'link_geo_daily', 'link_tech_daily', 'link_lang_daily', 'owner_pairs_daily'];

/** Returns how many 15-minute place rows of the open days the reads now sum. */
export async function reopenYesterday(dataSource) {
  return dataSource.transaction(async (m) => {
    const [{ rolled }] = await m.query(`SELECT rolled_before::text AS rolled FROM rollup_days`);
    const [{ y }] = await m.query(`SELECT ${Y}::text AS y`);
    if (rolled > y) {
      for (const table of DAY_ROWS) await m.query(`DELETE FROM ${table} WHERE day = ${Y}`);
      await m.query(`DELETE FROM owner_geo_open_days WHERE day = ${Y}`);
      await m.query(
        `INSERT INTO owner_geo_open_days (owner_id, day, country_code, country, region, city, clicks)
         SELECT owner_id, ${Y}, country_code, max(country), region, city, sum(clicks) FROM owner_geo_15m
          WHERE bucket >= ${Y}::timestamp AT TIME ZONE 'UTC' AND bucket < (${Y} + 1)::timestamp AT TIME ZONE 'UTC'
          GROUP BY owner_id, country_code, region, city`,
      );
      // The pairs of the open days are per 15-minute bucket (migration OwnerPairsOpenDays): counted from the clicks.
      await m.query(
        `INSERT INTO owner_pairs_open (${OWNER_PAIR_KEY}, bucket, country, clicks)
         ${ownerPairBucketRowsSql(
           `SELECT *, date_bin('15 minutes', clicked_at, timestamptz 'epoch') AS bucket FROM clicks
             WHERE NOT is_bot AND clicked_at >= ${Y}::timestamp AT TIME ZONE 'UTC' AND clicked_at < (${Y} + 1)::timestamp AT TIME ZONE 'UTC'`,
           (c) => `coalesce(${c}, '')`,
         )}`,
      );
      // The click bitmaps of an open day are in arrival order with quarter bitmaps (migration LinkClickBits).
      await m.query(`SELECT reopen_link_click_days(${Y}, ${Y} + 1)`);
      await m.query(`UPDATE rollup_days SET rolled_before = ${Y}`);
    }
    const [{ n }] = await m.query(
      `SELECT count(*)::int AS n FROM link_geo_15m WHERE bucket >= (SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC'`,
    );
    return { reopened: y, openLinkPlaceRows: n };
  });
}
