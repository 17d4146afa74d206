import { Module } from '@nestjs/common';
import { IDENTITY_HANDLERS, OidcService, SESSIONS_ENDED, type SessionsEnded } from '@app/identity';
import { LiveGateway } from '../gateways/live.gateway.js';
import { OperationsApiModule } from './operations.api-module.js';
import { AuthController } from '../controllers/identity/auth.controller.js';
import { AdminUsersController } from '../controllers/identity/admin-users.controller.js';
import { ApiKeysController } from '../controllers/identity/api-keys.controller.js';
import { AccountController } from '../controllers/identity/account.controller.js';
import { OidcController } from '../controllers/identity/oidc.controller.js';
import { WorkspacesController } from '../controllers/workspaces/workspaces.controller.js';

/** Ended sessions' live sockets close at once, on every api instance (the gateway's Redis adapter). */
const sessionsEnded = {
  provide: SESSIONS_ENDED,
  useFactory:
    (live: LiveGateway): SessionsEnded =>
    (tokenHashes) =>
      live.closeSessions(tokenHashes),
  inject: [LiveGateway],
};

/** Identity: sign-up/in/out, the Account screen, User Management, API keys and workspaces (the `users` projection is in ../projections.ts). */
@Module({
  imports: [OperationsApiModule],
  controllers: [AuthController, AccountController, OidcController, AdminUsersController, ApiKeysController, WorkspacesController],
  providers: [...IDENTITY_HANDLERS, OidcService, sessionsEnded],
})
export class IdentityApiModule {}
