import { openSecretWithAny, resealRows, sealSecret } from '@app/config';
import type { SslMaterial } from '../model/custom-domain.aggregate.js';
import type { Queryable } from '../passwords/link-passwords.js';

/**
 * `domain_ssl_keys`: each domain's certificate and private key, the key sealed with AES-256-GCM under SECRETS_KEY
 * (the domain id as additional data), owned by the links lib. Written here before the `domain-ssl-generated` event
 * that names the row by fingerprint; the domains projection then deletes the rows that certificate replaced, and
 * every row of a deleted domain or user. Not a read model: a projection rebuild keeps it (decision 0005).
 */

export async function storeSslKey(db: Queryable, secretsKey: Buffer, domainId: string, material: SslMaterial, at: Date): Promise<void> {
  await db.query<unknown>(
    `INSERT INTO domain_ssl_keys (domain_id, fingerprint, certificate_pem, private_key_sealed, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (domain_id, fingerprint) DO NOTHING`,
    [domainId, material.fingerprint, material.certificatePem, sealSecret(secretsKey, material.privateKeyPem, domainId), at],
  );
}

/** The domain's current certificate and key (PEM), or null; `keys`: SECRETS_KEY, then any being rotated out. */
export async function readSslKey(
  db: Queryable,
  keys: readonly Buffer[],
  domainId: string,
): Promise<{ certificatePem: string; privateKeyPem: string } | null> {
  const rows = await db.query<{ certificate_pem: string; private_key_sealed: string }[]>(
    `SELECT k.certificate_pem, k.private_key_sealed FROM domains d
     JOIN domain_ssl_keys k ON k.domain_id = d.id AND k.fingerprint = d.ssl_fingerprint WHERE d.id = $1`,
    [domainId],
  );
  const row = rows[0];
  return row ? { certificatePem: row.certificate_pem, privateKeyPem: openSecretWithAny(keys, row.private_key_sealed, domainId).plaintext } : null;
}

export interface ResealResult {
  /** Keys that opened only with a previous key and are now sealed under the current one. */
  resealed: number;
  /** Keys no configured key opens (sealed under a key that is not configured any more). */
  unreadable: number;
}

/**
 * Key rotation: every stored key that opens only with one of `previous` is sealed again under `current` (a row changed
 * meanwhile is left alone: its new value was sealed under the current key). Idempotent, so several api instances
 * starting together may all run it.
 */
export async function resealSslKeys(db: Queryable, current: Buffer, previous: readonly Buffer[]): Promise<ResealResult> {
  const rows = await db.query<{ domain_id: string; fingerprint: string; private_key_sealed: string }[]>(
    'SELECT domain_id, fingerprint, private_key_sealed FROM domain_ssl_keys',
  );
  return resealRows(rows, { current, previous }, { sealed: (r) => r.private_key_sealed, aad: (r) => r.domain_id }, async (r, resealed) => {
    await db.query<unknown>(
      'UPDATE domain_ssl_keys SET private_key_sealed = $4 WHERE domain_id = $1 AND fingerprint = $2 AND private_key_sealed = $3',
      [r.domain_id, r.fingerprint, r.private_key_sealed, resealed],
    );
  });
}

/**
 * Keys a newer certificate replaced. `created_at <= at` keeps a replay (projection rebuild) of an older event from
 * deleting the current key, and spares a row written for a generation whose event is not appended yet.
 */
export async function deleteReplacedSslKeys(db: Queryable, domainId: string, fingerprint: string, at: string): Promise<void> {
  await db.query<unknown>('DELETE FROM domain_ssl_keys WHERE domain_id = $1 AND fingerprint <> $2 AND created_at <= $3', [domainId, fingerprint, at]);
}

export async function deleteSslKeys(db: Queryable, where: string, param: string): Promise<void> {
  await db.query<unknown>(`DELETE FROM domain_ssl_keys WHERE ${where}`, [param]);
}
