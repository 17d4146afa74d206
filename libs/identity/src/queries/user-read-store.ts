import type { DataSource, EntityManager } from 'typeorm';
import type { UserDto } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';

/** Columns of `users` a response may show (never password_hash). */
export const USER_COLUMNS =
  'id, username, is_admin, is_approved, created_at, approved_at, must_change_password, two_factor_enabled, password_hash IS NOT NULL AS has_password';
/** The same columns of `users u` (queries that join). */
export const USER_COLUMNS_OF_U = USER_COLUMNS.split(', ')
  .map((c) => `u.${c}`)
  .join(', ');

export interface UserRow {
  id: string;
  username: string;
  is_admin: boolean;
  is_approved: boolean;
  created_at: Date;
  approved_at: Date | null;
  must_change_password: boolean;
  two_factor_enabled: boolean;
  has_password: boolean;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The signed-in user a row describes (the session guard and API keys attach it to the request). */
export const rowToAuthUser = (r: UserRow): AuthUser => ({
  id: r.id,
  username: r.username,
  isAdmin: r.is_admin,
  isApproved: r.is_approved,
  createdAt: r.created_at,
  approvedAt: r.approved_at,
  mustChangePassword: r.must_change_password,
  twoFactorEnabled: r.two_factor_enabled,
  hasPassword: r.has_password,
});

export const authUserToDto = (u: AuthUser): UserDto => ({
  id: u.id,
  username: u.username,
  isAdmin: u.isAdmin,
  isApproved: u.isApproved,
  createdAt: iso(u.createdAt)!,
  approvedAt: iso(u.approvedAt),
  mustChangePassword: u.mustChangePassword,
  twoFactorEnabled: u.twoFactorEnabled,
  hasPassword: u.hasPassword,
});

export const rowToUserDto = (r: UserRow): UserDto => authUserToDto(rowToAuthUser(r));

export async function findUserById(db: DataSource | EntityManager, id: string): Promise<UserDto | null> {
  const rows = await db.query<UserRow[]>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? rowToUserDto(rows[0]) : null;
}

/** A user row with its password hash (null: an account made by single sign-on, which has no password). */
export type UserWithHash = UserRow & { password_hash: string | null };

/** By id, with the password hash (password change, two-factor off). */
export async function findUserWithHash(db: DataSource | EntityManager, id: string): Promise<UserWithHash | null> {
  const rows = await db.query<UserWithHash[]>(`SELECT ${USER_COLUMNS}, password_hash FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Case-insensitive lookup (the unique index is on lower(username)), with the hash for login. */
export async function findUserForLogin(db: DataSource | EntityManager, username: string): Promise<UserWithHash | null> {
  const rows = await db.query<UserWithHash[]>(`SELECT ${USER_COLUMNS}, password_hash FROM users WHERE lower(username) = lower($1)`, [username]);
  return rows[0] ?? null;
}

/**
 * What other libs read of `users` (identity's table), wired in by the apps since feature libs do not import each
 * other: usernames by id (an id without a user is absent) and the number of accounts.
 */
export async function usernamesByIds(db: DataSource | EntityManager, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; username: string }[]>('SELECT id, username FROM users WHERE id = ANY($1::uuid[])', [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Administrators other than this user (the last one cannot delete their own account). */
export async function countOtherAdmins(db: DataSource | EntityManager, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM users WHERE is_admin AND id <> $1', [userId]);
  return row.n;
}

export async function countUsers(db: DataSource | EntityManager): Promise<number> {
  const [row] = await db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM users');
  return row.n;
}
