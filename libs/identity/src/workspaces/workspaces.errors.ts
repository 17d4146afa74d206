import { AppError, type WorkspaceRole } from '@app/contracts';

/** Every workspace error a client can see: status, code and a sentence a person can act on. */
export const WorkspaceErrors = {
  notFound: () => new AppError(404, 'Workspace not found.', 'WORKSPACE_NOT_FOUND'),
  /** A role too low: names the role the action needs (docs/architecture.md "Workspaces"). */
  roleNeeded: (needed: WorkspaceRole) =>
    new AppError(403, `This needs the ${needed} role in this workspace${needed === 'owner' ? '' : ' (or higher)'}.`, 'WORKSPACE_ROLE'),
  badWorkspaceId: () => new AppError(400, 'workspaceId must be a workspace id (a UUID).', 'WORKSPACE_ID_INVALID'),
  memberNotFound: () => new AppError(404, 'Member not found.', 'MEMBER_NOT_FOUND'),
  lastOwner: () => new AppError(400, 'A workspace must keep at least one owner: make another member an owner first.', 'WORKSPACE_LAST_OWNER'),
  personalNotDeletable: () => new AppError(400, 'Your personal workspace cannot be deleted; it goes with your account.', 'WORKSPACE_PERSONAL'),
  invitationNotFound: () =>
    new AppError(404, 'This invitation does not exist, has expired, was already used or was revoked.', 'INVITATION_NOT_FOUND'),
  alreadyMember: () => new AppError(409, 'You are already a member of this workspace.', 'ALREADY_MEMBER'),
  changedMeanwhile: () =>
    new AppError(409, 'This workspace was changed by someone else at the same time. Please reload and try again.', 'WORKSPACE_CHANGED'),
  keyOtherWorkspace: () => new AppError(404, 'Workspace not found.', 'WORKSPACE_NOT_FOUND'),
};
