import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows, type Returned } from '@app/database';
import { hashSessionToken, newSessionToken } from './auth/session-token.js';

type Db = DataSource | EntityManager;

/** Opens a session: returns the token (given to the client once); only its SHA-256 is stored. */
export async function createSession(db: Db, userId: string, ttlDays: number): Promise<string> {
  const token = newSessionToken();
  await db.query<unknown>(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
    hashSessionToken(token),
    userId,
    ttlDays,
  ]);
  return token;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query<unknown>('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(token)]);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/** Deletes expired sessions (maintenance, hourly), in chunks so locks stay short; returns how many. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await db.query<Returned<unknown>>(
      `DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM sessions WHERE expires_at <= now() LIMIT 5000) RETURNING 1`,
    );
    const n = returnedRows(deleted).length;
    purged += n;
    if (n < 5000) return purged;
  }
}

/** Which of these session hashes are still live (not expired, not logged out): the live socket sweep's question. */
export async function liveSessionHashes(db: Db, tokenHashes: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ token_hash: string }[]>('SELECT token_hash FROM sessions WHERE token_hash = ANY($1) AND expires_at > now()', [
    [...tokenHashes],
  ]);
  return new Set(rows.map((r) => r.token_hash));
}
