/**
 * Every Postgres advisory lock key the app takes, in one place so two never collide.
 * - migrations: held (session lock) while one process runs the pending migrations.
 * - dayRollup: the day roll-up (clicks, DaysRolledUp migration) takes it exclusively while it moves
 *   `rollup_days.rolled_before`; the ingest and the deletion of click data take it shared for their transaction,
 *   so each sees the day boundary that holds until it commits.
 */
export const ADVISORY_LOCKS = { migrations: 7411001, dayRollup: 7411002 } as const;
