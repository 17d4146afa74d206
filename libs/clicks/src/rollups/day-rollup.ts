import type { DataSource, EntityManager } from 'typeorm';
import { ADVISORY_LOCKS } from '@app/database';

/**
 * The day boundary of the per-day rollups (migration DaysRolledUp): they hold every UTC day before `rolled_before`;
 * the days from it on are only in the 15-minute tables until the day roll-up moves it.
 *
 * Takes the day roll-up lock (shared, until the transaction ends) and returns `rolled_before` ('YYYY-MM-DD'): the
 * ingest writes the per-day tables for clicks of the days before it only. The read comes after the lock, in a
 * statement of its own, so it sees the boundary a roll-up that finished while this waited has set.
 */
export async function rolledBefore(m: EntityManager): Promise<string> {
  await m.query<unknown>('SELECT pg_advisory_xact_lock_shared($1)', [ADVISORY_LOCKS.dayRollup]);
  const [row] = await m.query<{ day: string }[]>('SELECT rolled_before::text AS day FROM rollup_days');
  return row.day;
}

/**
 * Rolls every closed UTC day not rolled up yet into the per-day tables (`roll_up_days`, from the 15-minute rows;
 * `roll_up_owner_pairs`, from owner_pairs_open: migration OwnerPairsOpenDays; `build_link_click_bits`, from the
 * clicks: migrations LinkClickBits and LinkClickMonths) and
 * moves `rolled_before` to today, in one transaction under the exclusive lock: an ingest runs wholly before (its
 * late clicks are in the 15-minute rows summed here) or wholly after (it sees the new boundary). Nothing to do (the
 * usual case) takes no lock. Returns how many days it rolled up.
 *
 * `today` ('YYYY-MM-DD', default the UTC date): the first day left open. Only a seed that replays history day by day
 * (bench/analytics.js) passes it, to roll each day up as it closes, as a running worker does.
 */
export async function rollUpClosedDays(dataSource: DataSource, today?: string): Promise<{ days: number }> {
  const to = `coalesce($1::date, (now() AT TIME ZONE 'UTC')::date)`;
  const due = `SELECT rolled_before::text AS "from", ${to}::text AS "to", ${to} - rolled_before AS days FROM rollup_days`;
  const [check] = await dataSource.query<{ days: number }[]>(due, [today ?? null]);
  if (check.days <= 0) return { days: 0 };
  return dataSource.transaction(async (m) => {
    await m.query<unknown>('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.dayRollup]);
    const [span] = await m.query<{ from: string; to: string; days: number }[]>(due, [today ?? null]);
    if (span.days <= 0) return { days: 0 };
    await m.query<unknown>('SELECT roll_up_days($1::date, $2::date)', [span.from, span.to]);
    // The pairs of dimensions: the closed days' 15-minute rows become day rows with cumulative quarters.
    await m.query<unknown>('SELECT roll_up_owner_pairs($1::date, $2::date)', [span.from, span.to]);
    // Each link-day's clicks in time order and a bitmap per value (migration LinkClickBits), and each link's months
    // those days are in, laid end to end (migration LinkClickMonths).
    await m.query<unknown>('SELECT build_link_click_bits($1::date, $2::date, NULL)', [span.from, span.to]);
    await m.query<unknown>('UPDATE rollup_days SET rolled_before = $1::date', [span.to]);
    // The days just closed are in the per-day tables now: the open-day geography keeps only the days after them.
    await m.query<unknown>('DELETE FROM owner_geo_open_days WHERE day < $1::date', [span.to]);
    return { days: span.days };
  });
}
