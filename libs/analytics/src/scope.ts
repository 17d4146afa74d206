import type { SqlParams } from './sql-params.js';

/** Whose data a query reads: one owner's, or everyone's (admins). */
export interface Scope {
  ownerId: string | null;
}

/** The signed-in user (identity's AuthUser fits; analytics does not import another feature lib). */
export const scopeOf = (user: { id: string; isAdmin: boolean }): Scope => ({ ownerId: user.isAdmin ? null : user.id });

/** `owner_id = $n` for a user, `TRUE` for admins; `column` names the owner column (e.g. `l.owner_id`). */
export function scopeSql(scope: Scope, p: SqlParams, column = 'owner_id'): string {
  return scope.ownerId === null ? 'TRUE' : `${column} = ${p.add(scope.ownerId)}`;
}
