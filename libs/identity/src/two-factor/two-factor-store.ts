import type { DataSource, EntityManager } from 'typeorm';
import { openSecretWithAny, resealRows, sealSecret } from '@app/config';
import { returnedRows, type Returned } from '@app/database';
import { hashPassword, verifyPassword } from '../passwords.js';
import { normalizeRecoveryCode } from './totp.js';

type Db = DataSource | EntityManager;

/**
 * `two_factor` and `two_factor_recovery_codes` (identity's tables): the TOTP secret sealed with AES-256-GCM under
 * SECRETS_KEY (the sealed-secret box of the SSL keys, `libs/config` secret-box; the row's user id is the additional
 * data) and the recovery codes as argon2id hashes. Never in an event or a log line.
 */
const aad = (userId: string) => `two-factor:${userId}`;

/** Keys that may open a stored secret: SECRETS_KEY first, then the ones being rotated out. */
export interface SecretKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

export interface StoredTwoFactor {
  secret: string;
  enabled: boolean;
  lastStep: number | null;
}

/** A new secret waiting for its first code (replaces an earlier unconfirmed one; never an enabled one). */
export async function saveTwoFactorSetup(db: Db, keys: SecretKeys, userId: string, secret: string): Promise<void> {
  await db.query<unknown>(
    `INSERT INTO two_factor (user_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_step = NULL, created_at = now()
       WHERE two_factor.enabled_at IS NULL`,
    [userId, sealSecret(keys.current, secret, aad(userId))],
  );
}

export async function readTwoFactor(db: Db, keys: SecretKeys, userId: string): Promise<StoredTwoFactor | null> {
  const [row] = await db.query<{ secret_sealed: string; enabled_at: Date | null; last_step: string | null }[]>(
    'SELECT secret_sealed, enabled_at, last_step FROM two_factor WHERE user_id = $1',
    [userId],
  );
  if (!row) return null;
  const { plaintext } = openSecretWithAny([keys.current, ...keys.previous], row.secret_sealed, aad(userId));
  return { secret: plaintext, enabled: row.enabled_at !== null, lastStep: row.last_step === null ? null : Number(row.last_step) };
}

/**
 * Records that the code of `step` was used: true only for the first use of a step later than every earlier one (two
 * requests racing with the same code: one wins).
 */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db.query<Returned<unknown>>(
    'UPDATE two_factor SET last_step = $2 WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1',
    [userId, step],
  );
  return returnedRows(rows).length === 1;
}

/** Turns the confirmed secret on and stores the hashes of its recovery codes (replacing any earlier ones). */
export async function enableTwoFactor(db: Db, userId: string, recoveryCodes: readonly string[]): Promise<void> {
  const hashes = await Promise.all(recoveryCodes.map((c) => hashPassword(normalizeRecoveryCode(c))));
  await db.query<unknown>('UPDATE two_factor SET enabled_at = now() WHERE user_id = $1', [userId]);
  await db.query<unknown>('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  await db.query<unknown>('INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, hashes]);
}

/** Uses an unused recovery code once: true when it matched one (which is now used). */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const rows = await db.query<{ id: string; code_hash: string }[]>(
    'SELECT id, code_hash FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  const normalized = normalizeRecoveryCode(code);
  for (const row of rows) {
    if (!(await verifyPassword(row.code_hash, normalized))) continue;
    const used = await db.query<Returned<unknown>>(
      'UPDATE two_factor_recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING 1',
      [row.id],
    );
    return returnedRows(used).length === 1;
  }
  return false;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [
    userId,
  ]);
  return row.n;
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  await db.query<unknown>('DELETE FROM two_factor WHERE user_id = $1', [userId]);
}

/**
 * SECRETS_KEY rotation (as for the SSL keys): every secret that opens only with a previous key is sealed again under
 * the current one; a row changed meanwhile is left alone. Idempotent, so api instances starting together may all run it.
 */
export async function resealTwoFactorSecrets(db: Db, keys: SecretKeys): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db.query<{ user_id: string; secret_sealed: string }[]>('SELECT user_id, secret_sealed FROM two_factor');
  return resealRows(rows, keys, { sealed: (r) => r.secret_sealed, aad: (r) => aad(r.user_id) }, async (r, resealed) => {
    await db.query<unknown>('UPDATE two_factor SET secret_sealed = $3 WHERE user_id = $1 AND secret_sealed = $2', [
      r.user_id,
      r.secret_sealed,
      resealed,
    ]);
  });
}
