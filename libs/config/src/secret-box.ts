import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (SSL private keys): AES-256-GCM under SECRETS_KEY, a fresh 96-bit IV per seal, and the owning row's
 * id as additional data, so a sealed value opens only with the key and only for the row it was sealed for.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
const VERSION = 'v1';

/**
 * Used when SECRETS_KEY is unset (development and tests only): derived from a public string, so it protects nothing.
 * The api logs a warning at start when it is in use; production sets SECRETS_KEY (`openssl rand -hex 32`).
 */
export const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('linkpulse development SECRETS_KEY: not a secret').digest();

/** SECRETS_KEY: 64 hex characters or the base64 of 32 bytes; unset → the development key; null when malformed. */
export function secretsKeyFrom(raw: string | undefined): Buffer | null {
  const v = (raw ?? '').trim();
  if (v === '') return DEVELOPMENT_SECRETS_KEY;
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(v)) {
    const key = Buffer.from(v, v.includes('-') || v.includes('_') ? 'base64url' : 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

export function sealSecret(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext; throws when the key, the row id or the value is not the one it was sealed with. */
export function openSecret(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Opens with the first of `keys` that fits: the current key first, then the previous ones during a rotation
 * (SECRETS_KEY_PREVIOUS). Returns the plaintext and which key opened it; throws when none does.
 */
export function openSecretWithAny(keys: readonly Buffer[], sealed: string, aad: string): { plaintext: string; keyIndex: number } {
  for (let keyIndex = 0; keyIndex < keys.length; keyIndex++) {
    try {
      return { plaintext: openSecret(keys[keyIndex], sealed, aad), keyIndex };
    } catch {
      /* not this key: try the next */
    }
  }
  throw new Error('no configured key opens this sealed secret');
}

/**
 * SECRETS_KEY rotation, for every table of sealed secrets: each row whose value opens only with one of `previous` is
 * sealed again under `current` and written back by `write` (which should leave a row changed meanwhile alone: it gets
 * the value read here to compare). Counts the rows re-sealed and those no configured key opens.
 */
export async function resealRows<R>(
  rows: readonly R[],
  keys: { current: Buffer; previous: readonly Buffer[] },
  row: { sealed: (r: R) => string; aad: (r: R) => string },
  write: (r: R, resealed: string) => Promise<void>,
): Promise<{ resealed: number; unreadable: number }> {
  const result = { resealed: 0, unreadable: 0 };
  for (const r of rows) {
    let opened: { plaintext: string; keyIndex: number };
    try {
      opened = openSecretWithAny([keys.current, ...keys.previous], row.sealed(r), row.aad(r));
    } catch {
      result.unreadable++;
      continue;
    }
    if (opened.keyIndex === 0) continue;
    await write(r, sealSecret(keys.current, opened.plaintext, row.aad(r)));
    result.resealed++;
  }
  return result;
}
