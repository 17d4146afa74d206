import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { OidcConfig } from '@app/config';
import { AppError } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { registerAccount } from '../commands/register-account.js';
import type { OidcIdentityClaims } from './oidc-client.js';
import { baseUsername, usernameCandidate } from './oidc-username.js';

/** The account an OpenID Connect identity (issuer + subject) signs in to, if any. */
async function accountOf(db: DataSource, issuer: string, subject: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }[]>('SELECT id FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2', [issuer, subject]);
  return row?.id ?? null;
}

/**
 * The account of a single sign-on: found by issuer + `sub`, or made on first sign-in through the one account-creation
 * path (registerAccount) with a free username derived from the claims. Members of OIDC_ADMIN_GROUPS become
 * administrators (approved at once); others start approved only with OIDC_AUTO_APPROVE. Two first sign-ins racing for
 * one identity make one account (the unique index on issuer + subject decides; the loser signs in to the winner's).
 */
export async function oidcAccount(db: DataSource, store: EventStore, oidc: OidcConfig, claims: OidcIdentityClaims): Promise<string> {
  const existing = await accountOf(db, claims.issuer, claims.subject);
  if (existing) return existing;
  const isAdmin = claims.groups.some((g) => oidc.adminGroups.includes(g));
  const base = baseUsername(claims);
  for (let attempt = 0; attempt < 50; attempt++) {
    const username = attempt < 49 ? usernameCandidate(base, attempt) : usernameCandidate(base.slice(0, 20), 0) + '-' + randomUUID().slice(0, 8);
    const userId = randomUUID();
    try {
      await registerAccount(store, {
        userId,
        username,
        passwordHash: null,
        isAdmin,
        approved: isAdmin || oidc.autoApprove,
        oidc: { issuer: claims.issuer, subject: claims.subject },
      });
      return userId;
    } catch (err) {
      const raced = await accountOf(db, claims.issuer, claims.subject);
      if (raced) return raced;
      if (!(err instanceof AppError && err.statusCode === 409)) throw err;
    }
  }
  throw new AppError(409, 'No free username could be made for this account; please ask an administrator.', 'USERNAME_TAKEN');
}
