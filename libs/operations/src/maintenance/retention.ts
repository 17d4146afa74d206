import type { DataSource } from 'typeorm';

const CHUNK = 10_000;

/** Deletes raw clicks older than `days` (rollups and IP activity stay), in chunks so locks stay short. */
export async function deleteExpiredClicks(dataSource: DataSource, days: number): Promise<number> {
  if (days <= 0) return 0;
  let deleted = 0;
  for (;;) {
    const rows = await dataSource.query(
      `WITH doomed AS (SELECT id FROM clicks WHERE clicked_at < now() - make_interval(days => $1) LIMIT ${CHUNK})
       DELETE FROM clicks c USING doomed WHERE c.id = doomed.id RETURNING 1`,
      [days],
    );
    const n = Array.isArray(rows[0]) ? rows[0].length : rows.length;
    deleted += n;
    if (n < CHUNK) return deleted;
  }
}
