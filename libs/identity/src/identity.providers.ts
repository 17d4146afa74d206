import { ApproveUserHandler } from './commands/approve-user.handler.js';
import { DeleteUserHandler } from './commands/delete-user.handler.js';
import { LoginHandler } from './commands/login.handler.js';
import { LogoutHandler } from './commands/logout.handler.js';
import { RegisterUserHandler } from './commands/register-user.handler.js';
import { CreateApiKeyHandler } from './api-keys/create-api-key.handler.js';
import { GetApiKeysHandler } from './api-keys/get-api-keys.query.js';
import { RevokeApiKeyHandler } from './api-keys/revoke-api-key.handler.js';
import { GetUsersHandler } from './queries/get-users.query.js';
import { CreateWorkspaceHandler } from './workspaces/create-workspace.handler.js';
import { DeleteWorkspaceHandler } from './workspaces/delete-workspace.handler.js';
import { RenameWorkspaceHandler } from './workspaces/rename-workspace.handler.js';
import { ChangeMemberRoleHandler } from './workspaces/change-member-role.handler.js';
import { RemoveMemberHandler } from './workspaces/remove-member.handler.js';
import { AcceptInvitationHandler } from './workspaces/accept-invitation.handler.js';
import { CreateInvitationHandler } from './workspaces/create-invitation.handler.js';
import { RevokeInvitationHandler } from './workspaces/revoke-invitation.handler.js';
import { GetActivityHandler } from './workspaces/get-activity.query.js';
import { GetInvitationsHandler } from './workspaces/get-invitations.query.js';
import { GetMembersHandler } from './workspaces/get-members.query.js';
import { GetWorkspacesHandler } from './workspaces/get-workspaces.query.js';
import { ChangePasswordHandler } from './account/change-password.handler.js';
import { DeleteOwnAccountHandler } from './account/delete-own-account.handler.js';
import { ResetPasswordHandler } from './account/reset-password.handler.js';
import { EndSessionHandler } from './account/end-session.handler.js';
import { GetSessionsHandler } from './account/get-sessions.query.js';
import { DisableTwoFactorHandler } from './two-factor/disable-two-factor.handler.js';
import { EnableTwoFactorHandler } from './two-factor/enable-two-factor.handler.js';
import { LoginTwoFactorHandler } from './two-factor/login-two-factor.handler.js';
import { SetupTwoFactorHandler } from './two-factor/setup-two-factor.handler.js';

/** Command and query handlers of identity, for the api module. */
export const IDENTITY_HANDLERS = [
  RegisterUserHandler,
  LoginHandler,
  LogoutHandler,
  ApproveUserHandler,
  DeleteUserHandler,
  GetUsersHandler,
  CreateApiKeyHandler,
  RevokeApiKeyHandler,
  GetApiKeysHandler,
  CreateWorkspaceHandler,
  RenameWorkspaceHandler,
  DeleteWorkspaceHandler,
  ChangeMemberRoleHandler,
  RemoveMemberHandler,
  CreateInvitationHandler,
  RevokeInvitationHandler,
  AcceptInvitationHandler,
  GetWorkspacesHandler,
  GetMembersHandler,
  GetInvitationsHandler,
  GetActivityHandler,
  ChangePasswordHandler,
  DeleteOwnAccountHandler,
  ResetPasswordHandler,
  GetSessionsHandler,
  EndSessionHandler,
  SetupTwoFactorHandler,
  EnableTwoFactorHandler,
  DisableTwoFactorHandler,
  LoginTwoFactorHandler,
];
