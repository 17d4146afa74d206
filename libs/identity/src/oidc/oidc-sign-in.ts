import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { OidcConfig } from '@app/config';
import { AppError } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { registerAccount } from '../commands/register-account.js';
import { loadUser, saveUser } from '../commands/user-store.js';
import { countOtherAdmins } from '../queries/user-read-store.js';
import type { OidcIdentityClaims } from './oidc-client.js';
import { baseUsername, usernameCandidate } from './oidc-username.js';

/** The account an OpenID Connect identity (issuer + subject) signs in to, if any. */
async function accountOf(db: DataSource, issuer: string, subject: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }[]>('SELECT id FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2', [issuer, subject]);
  return row?.id ?? null;
}

/** The account a single sign-on signed in to; `adminRevoked` when this sign-in took its admin rights away. */
export interface OidcAccount {
  userId: string;
  adminRevoked: boolean;
}

/**
 * The account of a single sign-on: found by issuer + `sub`, or made on first sign-in through the one account-creation
 * path (registerAccount) with a free username derived from the claims. Members of OIDC_ADMIN_GROUPS are administrators
 * (approved at once), on every sign-in: someone added to a group gains the rights, someone removed loses them (never
 * the instance's last administrator; nothing changes when the groups could not be read). Others start approved only
 * with OIDC_AUTO_APPROVE. Two first sign-ins racing for one identity make one account (the unique index on issuer +
 * subject decides; the loser signs in to the winner's).
 */
export async function oidcAccount(db: DataSource, store: EventStore, oidc: OidcConfig, claims: OidcIdentityClaims): Promise<OidcAccount> {
  const isAdmin = claims.groups.some((g) => oidc.adminGroups.includes(g));
  const existing = await accountOf(db, claims.issuer, claims.subject);
  if (existing) return { userId: existing, adminRevoked: await syncAdminGroups(db, store, oidc, existing, claims, isAdmin) };
  return { userId: await newAccount(db, store, oidc, claims, isAdmin), adminRevoked: false };
}

/** OIDC_ADMIN_GROUPS applied to an existing account (docs/product.md#accounts); true when its admin rights were taken. */
async function syncAdminGroups(db: DataSource, store: EventStore, oidc: OidcConfig, userId: string, claims: OidcIdentityClaims, isAdmin: boolean) {
  if (oidc.adminGroups.length === 0 || !claims.groupsKnown) return false;
  const user = await loadUser(store, userId);
  const wasAdmin = user.isAdmin;
  user.setAdminByGroups(isAdmin, new Date(), isAdmin || (await countOtherAdmins(db, userId)) > 0);
  await saveUser(store, user, { actorId: null, requestId: null });
  return wasAdmin && !user.isAdmin;
}

async function newAccount(db: DataSource, store: EventStore, oidc: OidcConfig, claims: OidcIdentityClaims, isAdmin: boolean): Promise<string> {
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
