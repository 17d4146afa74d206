/**
 * Identity's permanent event types whose workspace goes with everything it holds (docs/architecture.md "Workspaces"):
 * `user-deleted` (stream 'User', data {userId}) takes the user's personal workspace, whose id is the user's id;
 * `workspace-deleted` (stream 'Workspace', data {workspaceId}) a shared one. Named here, not imported: feature libs
 * meet through events, not each other's code.
 */
export const USER_DELETED = 'user-deleted';
export const WORKSPACE_DELETED = 'workspace-deleted';
export interface UserDeletedData {
  userId: string;
}

/** The owner column value (workspace id) an event empties, or null when it empties none. */
export function emptiedWorkspace(type: string, data: unknown): string | null {
  if (type === USER_DELETED) return (data as UserDeletedData).userId;
  if (type === WORKSPACE_DELETED) return (data as { workspaceId: string }).workspaceId;
  return null;
}
