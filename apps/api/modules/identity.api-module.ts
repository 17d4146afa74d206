import { Module } from '@nestjs/common';
import { IDENTITY_HANDLERS } from '@app/identity';
import { AuthController } from '../controllers/identity/auth.controller.js';
import { AdminUsersController } from '../controllers/identity/admin-users.controller.js';
import { ApiKeysController } from '../controllers/identity/api-keys.controller.js';
import { WorkspacesController } from '../controllers/workspaces/workspaces.controller.js';

/** Identity: sign-up/in/out, User Management, API keys and workspaces (the `users` projection is in ../projections.ts). */
@Module({
  imports: [],
  controllers: [AuthController, AdminUsersController, ApiKeysController, WorkspacesController],
  providers: [...IDENTITY_HANDLERS],
})
export class IdentityApiModule {}
