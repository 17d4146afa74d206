import { USERNAME_MAX, USERNAME_MIN, nfkcUsername } from '../model/credential-rules.js';

/**
 * A username within the account rules (docs/security.md: `[A-Za-z0-9._-]`, 3–32) from what the provider says:
 * `preferred_username`, else the e-mail's local part, else the name; characters outside the set become `-`.
 */
export function baseUsername(claims: { preferredUsername?: string; email?: string; name?: string }): string {
  const raw = claims.preferredUsername ?? claims.email?.split('@')[0] ?? claims.name ?? '';
  const cleaned = nfkcUsername(raw)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, USERNAME_MAX);
  return cleaned.length >= USERNAME_MIN ? cleaned : `user-${cleaned}`.slice(0, USERNAME_MAX).replace(/-$/, '') || 'user';
}

/** The candidates tried in order until one is free: `jane`, `jane-2`, `jane-3`, … (cut so the suffix fits). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = `-${attempt + 1}`;
  return base.slice(0, USERNAME_MAX - suffix.length) + suffix;
}
