import type { DataSource, EntityManager } from 'typeorm';
import { hashSessionToken, newSessionToken } from './auth/session-token.js';

type Db = DataSource | EntityManager;

/** Opens a session: returns the token (given to the client once); only its SHA-256 is stored. */
export async function createSession(db: Db, userId: string, ttlDays: number): Promise<string> {
  const token = newSessionToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashSessionToken(token), userId, ttlDays],
  );
  return token;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(token)]);
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
