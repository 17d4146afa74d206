import type { SqlParams } from '@app/database';
import type { Actor } from '../../commands/actor.js';

/**
 * WHOSE links a list reads: one owner's, or every owner's (admins' every-link view without an owner filter).
 * The owner condition of every link list is written here and nowhere else (`whoseLinksSql`), so a change of what
 * "whose" means (a workspace instead of an owner) is one edit.
 */
export interface LinkScope {
  ownerId: string | null;
}

/** A user sees their own links; an admin everyone's, or one owner's when they filter by `ownerId`. */
export function linkScopeOf(actor: Actor, ownerFilter?: string): LinkScope {
  if (!actor.isAdmin) return { ownerId: actor.id };
  return { ownerId: ownerFilter ?? null };
}

/** The SQL condition on `links l` for a scope. */
export function whoseLinksSql(scope: LinkScope, p: SqlParams): string {
  return scope.ownerId === null ? 'TRUE' : `l.owner_id = ${p.add(scope.ownerId)}::uuid`;
}
