import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { insertUnderCap, returnedRows, type Returned } from '@app/database';
import { API_KEY_PREFIX, type ApiKeyDto, type ApiKeyScope, type CreatedApiKeyDto } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { ApiKeyErrors } from '../model/identity.errors.js';
import { rowToAuthUser, USER_COLUMNS_OF_U, type UserRow } from '../queries/user-read-store.js';

type Db = DataSource | EntityManager;

/** `lp_` + 32 random bytes (base64url): shown once, stored only as its SHA-256. */
export const newApiKey = (): string => API_KEY_PREFIX + randomBytes(32).toString('base64url');
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
const KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** Session ids are 43 characters, keys 46 starting with `lp_`: a session id never reads as a key. */
export const isApiKey = (token: string): boolean => token.length === KEY_LENGTH && token.startsWith(API_KEY_PREFIX);

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}
const COLUMNS = 'id, name, scopes, created_at, expires_at, last_used_at';
const toDto = (r: ApiKeyRow): ApiKeyDto => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes as ApiKeyScope[],
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

/**
 * A key made by `ownerId` (a user), acting only in `workspaceId` with that user's role there; refused (409 naming the
 * cap) when the workspace has `cap` keys already (docs/security.md#webhooks: keys were unlimited in number while each
 * had its own rate limit).
 */
export async function insertApiKey(
  db: DataSource,
  ownerId: string,
  workspaceId: string,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: Date | null },
  cap: number,
): Promise<CreatedApiKeyDto> {
  const key = newApiKey();
  return insertUnderCap(db, {
    key: `api-keys:${workspaceId}`,
    cap,
    count: async (m) => (await m.query<{ n: number }[]>('SELECT count(*)::int AS n FROM api_keys WHERE workspace_id = $1', [workspaceId]))[0].n,
    refuse: () => ApiKeyErrors.limit(cap),
    insert: async (m) => {
      const rows = await m.query<ApiKeyRow[]>(
        `INSERT INTO api_keys (id, owner_id, workspace_id, name, scopes, key_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [randomUUID(), ownerId, workspaceId, input.name, input.scopes, hashApiKey(key), input.expiresAt],
      );
      return { ...toDto(rows[0]), key };
    },
  });
}

/** The keys of one workspace (whoever made them). */
export async function selectApiKeys(db: Db, workspaceId: string): Promise<ApiKeyDto[]> {
  const rows = await db.query<ApiKeyRow[]>(`SELECT ${COLUMNS} FROM api_keys WHERE workspace_id = $1 ORDER BY created_at DESC, id`, [workspaceId]);
  return rows.map(toDto);
}

/** Revokes (deletes) one of the workspace's keys; false when the workspace has no such key. */
export async function deleteApiKey(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.query<Returned<{ id: string }>>('DELETE FROM api_keys WHERE id = $1::uuid AND workspace_id = $2 RETURNING id', [
    id,
    workspaceId,
  ]);
  return returnedRows(deleted).length > 0;
}

export async function deleteUserApiKeys(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM api_keys WHERE owner_id = $1', [userId]);
}

export interface ApiKeyOwner {
  keyId: string;
  /** The key's name (the activity names the key a change was made with, even once it is revoked). */
  keyName: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
  user: AuthUser;
}

interface ApiKeyOwnerRow extends UserRow {
  key_id: string;
  key_name: string;
  workspace_id: string;
  scopes: string[];
}

/** A live key (not expired, not revoked) and its existing owner; marks it used in the same statement. */
export async function useApiKey(db: Db, key: string): Promise<ApiKeyOwner | null> {
  const result = await db.query<Returned<ApiKeyOwnerRow>>(
    `UPDATE api_keys k SET last_used_at = now()
       FROM users u
      WHERE k.key_hash = $1 AND (k.expires_at IS NULL OR k.expires_at > now()) AND u.id = k.owner_id
    RETURNING k.id AS key_id, k.name AS key_name, k.workspace_id, k.scopes, ${USER_COLUMNS_OF_U}`,
    [hashApiKey(key)],
  );
  const [r] = returnedRows(result);
  if (!r) return null;
  return {
    keyId: r.key_id,
    keyName: r.key_name,
    workspaceId: r.workspace_id,
    scopes: r.scopes as ApiKeyScope[],
    user: rowToAuthUser(r),
  };
}
