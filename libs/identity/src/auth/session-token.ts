import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: returned to the client once, stored only as its SHA-256. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Session id from `Authorization: Bearer <id>`. */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i.exec(authorization.trim());
  return m ? m[1] : null;
}
