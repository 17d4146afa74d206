import { ApproveUserHandler } from './commands/approve-user.handler.js';
import { DeleteUserHandler } from './commands/delete-user.handler.js';
import { LoginHandler } from './commands/login.handler.js';
import { LogoutHandler } from './commands/logout.handler.js';
import { RegisterUserHandler } from './commands/register-user.handler.js';
import { CreateApiKeyHandler, GetApiKeysHandler, RevokeApiKeyHandler } from './api-keys/api-key.commands.js';
import { GetUsersHandler } from './queries/get-users.query.js';
import { CreateWorkspaceHandler, DeleteWorkspaceHandler, RenameWorkspaceHandler } from './workspaces/workspace.commands.js';
import { ChangeMemberRoleHandler, RemoveMemberHandler } from './workspaces/member.commands.js';
import { AcceptInvitationHandler, CreateInvitationHandler, RevokeInvitationHandler } from './workspaces/invitation.commands.js';
import { GetActivityHandler, GetInvitationsHandler, GetMembersHandler, GetWorkspacesHandler } from './workspaces/workspace.queries.js';
import { ChangePasswordHandler, ResetPasswordHandler } from './account/password.commands.js';
import { DeleteOwnAccountHandler } from './account/delete-own-account.command.js';
import { EndSessionHandler, GetSessionsHandler } from './account/sessions.queries.js';
import { DisableTwoFactorHandler, EnableTwoFactorHandler, LoginTwoFactorHandler, SetupTwoFactorHandler } from './two-factor/two-factor.commands.js';

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
