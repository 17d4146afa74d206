import { workspaceScopeSql } from '@app/contracts';
import type { SqlParams } from '@app/database';
import type { Actor } from '../../commands/actor.js';

/**
 * WHOSE links a list reads: one workspace's (the owner column holds the workspace: docs/architecture.md
 * "Workspaces"), or every workspace's (the admin's every-link view without an owner filter). The owner condition of
 * every link list is written here and nowhere else (`whoseLinksSql`, through the workspace rule's SQL form).
 */
export interface LinkScope {
  ownerId: string | null;
}

/** A member sees the workspace's links; the admin naming no workspace everyone's, or one owner's with `ownerId`. */
export function linkScopeOf(actor: Actor, ownerFilter?: string): LinkScope {
  if (!actor.everyWorkspace) return { ownerId: actor.workspaceId };
  return { ownerId: ownerFilter ?? null };
}

/** The SQL condition on `links l` for a scope. */
export function whoseLinksSql(scope: LinkScope, p: SqlParams): string {
  const everyWorkspace = scope.ownerId === null;
  return workspaceScopeSql({ workspaceId: scope.ownerId ?? '', everyWorkspace }, (v) => `${p.add(v)}::uuid`, 'l.owner_id');
}
