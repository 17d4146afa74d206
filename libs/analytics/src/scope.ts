import { workspaceScopeSql, type WorkspaceScope } from '@app/contracts';
import type { SqlParams } from './sql-params.js';

/**
 * Whose data a query reads: one workspace's, or every workspace's (the instance admin naming no workspace). It is the
 * workspace rule's scope itself (docs/architecture.md "Workspaces"), resolved by the api before the query runs.
 */
export type Scope = WorkspaceScope;

/** `owner_id = $n` for a workspace, `TRUE` for the admin's every-workspace view; `column` names the owner column. */
export function scopeSql(scope: Scope, p: SqlParams, column = 'owner_id'): string {
  return workspaceScopeSql(scope, (v) => p.add(v), column);
}
