import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows, type Returned } from '@app/database';
import { hashSessionToken, newSessionToken } from './auth/session-token.js';

type Db = DataSource | EntityManager;

/** Where a session was opened from (shown in the Account screen's session list). */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

/** Stored user agents are cut to this length (a header can be long; the list shows the device). */
const USER_AGENT_MAX = 512;

/** Opens a session: returns the token (given to the client once); only its SHA-256 is stored. */
export async function createSession(db: Db, userId: string, ttlDays: number, origin: SessionOrigin = {}): Promise<string> {
  const token = newSessionToken();
  await db.query<unknown>(
    `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip) VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [hashSessionToken(token), userId, ttlDays, origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null, origin.ip ?? null],
  );
  return token;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query<unknown>('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(token)]);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/**
 * Ends a user's sessions, all of them or all but `keepTokenHash` (a password change keeps the session that made it),
 * or only the one with `sessionId` (the session list's end button). Returns the ended sessions' token hashes, so their
 * live sockets can be closed at once.
 */
export async function endSessions(db: Db, userId: string, which: { keepTokenHash?: string; sessionId?: string } = {}): Promise<string[]> {
  const rows = await db.query<Returned<{ token_hash: string }>>(
    `DELETE FROM sessions WHERE user_id = $1 AND ($2::text IS NULL OR token_hash <> $2) AND ($3::uuid IS NULL OR id = $3) RETURNING token_hash`,
    [userId, which.keepTokenHash ?? null, which.sessionId ?? null],
  );
  return returnedRows(rows).map((r) => r.token_hash);
}

/** When the session with this token hash was opened (a fresh sign-in confirms deleting an account), or null. */
export async function sessionOpenedAt(db: Db, tokenHash: string): Promise<Date | null> {
  const [row] = await db.query<{ created_at: Date }[]>('SELECT created_at FROM sessions WHERE token_hash = $1 AND expires_at > now()', [tokenHash]);
  return row?.created_at ?? null;
}

export interface SessionRow {
  id: string;
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/** A user's live sessions, the most recently used first. */
export async function userSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db.query<SessionRow[]>(
    `SELECT id, token_hash, created_at, last_seen_at, user_agent, ip FROM sessions
      WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, created_at DESC`,
    [userId],
  );
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
