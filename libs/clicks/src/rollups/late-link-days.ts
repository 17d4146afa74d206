import type { EntityManager } from 'typeorm';
import { ADVISORY_LOCKS } from '@app/database';

/** A stored click: its link, instant and bot flag. */
export interface StoredClick {
  linkId: string;
  at: string;
  isBot: boolean;
}

/**
 * The link-days a batch's late clicks landed in: non-bot clicks of days before `rolledBefore` ('YYYY-MM-DD'), whose
 * bitmaps the day roll-up built already. By day, each day's link ids sorted (the lock order).
 */
export function lateLinkDays(clicks: readonly StoredClick[], rolledBefore: string): Map<string, string[]> {
  const byDay = new Map<string, Set<string>>();
  for (const c of clicks) {
    const day = new Date(c.at).toISOString().slice(0, 10);
    if (c.isBot || day >= rolledBefore) continue;
    if (!byDay.has(day)) byDay.set(day, new Set());
    byDay.get(day)!.add(c.linkId);
  }
  return new Map([...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, links]) => [day, [...links].sort()]));
}

/**
 * Rebuilds the click bitmaps (migration LinkClickBits) of the link-days a batch's late clicks landed in, and their
 * months (migration LinkClickMonths), in the ingest's transaction after its statement: a late click takes its place
 * in the day's time order, so every ordinal after it moves, in its day and its month. Each link-day is locked first
 * (in day, link order: no deadlock between two such ingests), and the rebuild's statement starts after the lock, so it reads the clicks an ingest that held it committed. Late clicks
 * are rare (a backlog across midnight UTC); a rebuild reads the link-day's stored clicks (clicks_link_time).
 */
export async function rebuildLateLinkDays(m: EntityManager, clicks: readonly StoredClick[], rolledBefore: string): Promise<void> {
  for (const [day, links] of lateLinkDays(clicks, rolledBefore)) {
    await m.query<unknown>(`SELECT pg_advisory_xact_lock($1, hashtext(l || $2)) FROM unnest($3::text[]) AS l`, [ADVISORY_LOCKS.linkDay, day, links]);
    await m.query<unknown>('SELECT build_link_click_bits($1::date, $1::date + 1, $2::uuid[])', [day, links]);
  }
}
