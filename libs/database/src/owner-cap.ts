import type { DataSource, EntityManager } from 'typeorm';
import { ADVISORY_LOCKS } from './advisory-locks.js';

export interface CapCheck<T> {
  /** What is capped and whose: `webhooks:{workspaceId}`; one lock per key. */
  key: string;
  cap: number;
  /** The rows counted against the cap, read inside the lock. */
  count: (m: EntityManager) => Promise<number>;
  insert: (m: EntityManager) => Promise<T>;
  /** The error thrown when the cap is reached (a 409 naming it). */
  refuse: () => Error;
}

/**
 * Inserts a row only while the owner has fewer than `cap` of them (docs/security.md#webhooks). The count and the insert
 * run in one transaction under a transaction advisory lock on the key, so simultaneous requests are counted one after
 * another: without it, 100 keys created at once all read a count under the cap.
 */
export async function insertUnderCap<T>(db: DataSource, check: CapCheck<T>): Promise<T> {
  return db.transaction(async (m) => {
    await m.query<unknown>('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADVISORY_LOCKS.ownerCap, check.key]);
    if ((await check.count(m)) >= check.cap) throw check.refuse();
    return check.insert(m);
  });
}
