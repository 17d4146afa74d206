import { Module } from '@nestjs/common';
import { IDENTITY_HANDLERS } from '@app/identity';
import { AuthController } from '../controllers/identity/auth.controller.js';
import { AdminUsersController } from '../controllers/identity/admin-users.controller.js';
import { ApiKeysController } from '../controllers/identity/api-keys.controller.js';

/** Identity: sign-up/in/out, User Management and API keys (the `users` projection is in ../projections.ts). */
@Module({ imports: [], controllers: [AuthController, AdminUsersController, ApiKeysController], providers: [...IDENTITY_HANDLERS] })
export class IdentityApiModule {}
