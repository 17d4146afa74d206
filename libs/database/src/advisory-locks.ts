/**
 * Every Postgres advisory lock key the app takes, in one place so two never collide.
 * - migrations: held (session lock) while one process runs the pending migrations.
 * - dayRollup: the day roll-up (clicks, DaysRolledUp migration) takes it exclusively while it moves
 *   `rollup_days.rolled_before`; every ingest takes it shared for its transaction, so it sees the day boundary
 *   that holds until it commits. (A link deletion does not take it: it meets the roll-up on the links rows.)
 * - ownerCap: with a second key (the hash of kind and owner), serialises "count, then insert under the cap" of one
 *   owner's rows of one kind (`insertUnderCap`).
 * - linkDay: with a second key (the hash of link id and day), serialises the rebuilds of one link-day's click
 *   bitmaps by ingests that stored late clicks of it (`rebuildLateLinkDays`), so the later one sees the earlier's.
 */
export const ADVISORY_LOCKS = { migrations: 7411001, dayRollup: 7411002, ownerCap: 7411003, linkDay: 7411004 } as const;
