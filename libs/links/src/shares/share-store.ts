import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { ShareDto } from '@app/contracts';
import { hashLinkPassword, type Queryable } from '../passwords/link-passwords.js';

type Db = DataSource | EntityManager;

/** A page token: 32 random bytes (256 bits), base64url; shown once, stored only as its SHA-256 (docs/security.md). */
export const newShareToken = (): string => randomBytes(32).toString('base64url');
export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** Tokens are 43 base64url characters: anything else is not looked up. */
export const isShareToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The argon2id hash of a share's password in `share_passwords`, written before the event that names it (by id). */
export async function storeSharePassword(db: Queryable, shareId: string, password: string): Promise<string> {
  const id = randomUUID();
  await db.query<unknown>('INSERT INTO share_passwords (id, share_id, hash) VALUES ($1, $2, $3)', [id, shareId, await hashLinkPassword(password)]);
  return id;
}

/** The name of one of the workspace's links, null when the workspace has no such link. */
export async function linkNameInWorkspace(db: Db, workspaceId: string, linkId: string): Promise<string | null> {
  const rows = await db.query<{ name: string }[]>('SELECT name FROM links WHERE id = $1 AND owner_id = $2', [linkId, workspaceId]);
  return rows[0]?.name ?? null;
}

/** Whether a link of the workspace carries the tag (index links_owner_tags). */
export async function tagInWorkspace(db: Db, workspaceId: string, tag: string): Promise<boolean> {
  const rows = await db.query<unknown[]>('SELECT 1 FROM links WHERE owner_id = $1 AND tags @> ARRAY[$2]::text[] LIMIT 1', [workspaceId, tag]);
  return rows.length > 0;
}

interface ShareRow {
  id: string;
  link_id: string | null;
  link_name: string | null;
  tag: string | null;
  password_id: string | null;
  expires_at: Date | null;
  created_at: Date;
}
const COLUMNS = 's.id, s.link_id, l.name AS link_name, s.tag, s.password_id, s.expires_at, s.created_at';
const toDto = (r: ShareRow): ShareDto => ({
  id: r.id,
  linkId: r.link_id,
  linkName: r.link_name,
  tag: r.tag,
  hasPassword: r.password_id !== null,
  expiresAt: r.expires_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** The workspace's shares (expired ones too, until revoked), newest first; `linkId` narrows to one link's. */
export async function selectShares(db: Db, workspaceId: string, where: { id?: string; linkId?: string } = {}): Promise<ShareDto[]> {
  const rows = await db.query<ShareRow[]>(
    `SELECT ${COLUMNS} FROM shares s LEFT JOIN links l ON l.id = s.link_id
      WHERE s.owner_id = $1 AND ($2::uuid IS NULL OR s.id = $2) AND ($3::uuid IS NULL OR s.link_id = $3)
      ORDER BY s.created_at DESC, s.id`,
    [workspaceId, where.id ?? null, where.linkId ?? null],
  );
  return rows.map(toDto);
}

/** What the public page needs of a live share: its subject, its password hash and its link's address parts. */
export interface OpenShareRow {
  id: string;
  workspaceId: string;
  linkId: string | null;
  tag: string | null;
  passwordHash: string | null;
  hasPassword: boolean;
  linkName: string | null;
  shortCode: string | null;
  domain: string | null;
}

/** The share a token opens, if it exists and has not expired (a revoked share has no row). */
export async function liveShareByToken(db: Db, token: string, now: Date): Promise<OpenShareRow | null> {
  const rows = await db.query<OpenShareRow[]>(
    `SELECT s.id, s.owner_id AS "workspaceId", s.link_id AS "linkId", s.tag, p.hash AS "passwordHash", s.password_id IS NOT NULL AS "hasPassword",
            l.name AS "linkName", l.short_code AS "shortCode", d.domain
       FROM shares s
       LEFT JOIN share_passwords p ON p.id = s.password_id
       LEFT JOIN links l ON l.id = s.link_id
       LEFT JOIN domains d ON d.id = l.domain_id
      WHERE s.token_hash = $1 AND (s.expires_at IS NULL OR s.expires_at > $2)`,
    [hashShareToken(token), now],
  );
  return rows[0] ?? null;
}
