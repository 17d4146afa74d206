import type { DataSource, EntityManager } from 'typeorm';
import type { UserDto } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';

/** Columns of `users` a response may show (never password_hash). */
export const USER_COLUMNS = 'id, username, is_admin, is_approved, created_at, approved_at';

export interface UserRow {
  id: string;
  username: string;
  is_admin: boolean;
  is_approved: boolean;
  created_at: Date;
  approved_at: Date | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const rowToUserDto = (r: UserRow): UserDto => ({
  id: r.id,
  username: r.username,
  isAdmin: r.is_admin,
  isApproved: r.is_approved,
  createdAt: iso(r.created_at)!,
  approvedAt: iso(r.approved_at),
});

export const authUserToDto = (u: AuthUser): UserDto => ({
  id: u.id,
  username: u.username,
  isAdmin: u.isAdmin,
  isApproved: u.isApproved,
  createdAt: iso(u.createdAt)!,
  approvedAt: iso(u.approvedAt),
});

export async function findUserById(db: DataSource | EntityManager, id: string): Promise<UserDto | null> {
  const rows: UserRow[] = await db.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? rowToUserDto(rows[0]) : null;
}

/** Case-insensitive lookup (the unique index is on lower(username)), with the hash for login. */
export async function findUserForLogin(db: DataSource | EntityManager, username: string): Promise<(UserRow & { password_hash: string }) | null> {
  const rows = await db.query(`SELECT ${USER_COLUMNS}, password_hash FROM users WHERE lower(username) = lower($1)`, [username]);
  return rows[0] ?? null;
}
