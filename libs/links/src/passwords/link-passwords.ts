import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { EntityManager } from 'typeorm';

/**
 * `link_passwords`: argon2id hashes of link passwords, owned by the links lib. Written here before the
 * link-controls-changed event that names the row (by `passwordId`) is appended; the hash itself never enters an
 * event, a response, a log or an export. A row whose event was never appended is unused (the read model's
 * `password_id` never points at it). Rebuilding the `links` projection keeps this table, so it finds the hashes again.
 */
export interface Queryable {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/** The argon2id hash of a link's or a shared stats page's password (@node-rs/argon2's default algorithm, `$argon2id$`). */
export const hashLinkPassword = (password: string): Promise<string> => hash(password);

/** Whether `password` matches a stored hash (false for a malformed hash, never a throw). */
export const linkPasswordMatches = (digest: string, password: string): Promise<boolean> =>
  password.length > 0 ? verify(digest, password).catch(() => false) : Promise.resolve(false);

export async function storeLinkPassword(db: Queryable, linkId: string, password: string): Promise<string> {
  const id = randomUUID();
  const digest = await hashLinkPassword(password);
  await db.query<unknown>('INSERT INTO link_passwords (id, link_id, hash) VALUES ($1, $2, $3)', [id, linkId, digest]);
  return id;
}

export async function deletePasswords(m: EntityManager, where: string, param: string): Promise<void> {
  await m.query<unknown>(`DELETE FROM link_passwords WHERE ${where}`, [param]);
}
