import { Module, type OnModuleInit } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import { IDENTITY_HANDLERS, UsersProjection } from '@app/identity';
import { AuthController } from '../controllers/identity/auth.controller.js';
import { AdminUsersController } from '../controllers/identity/admin-users.controller.js';

/** Identity: sign-up/in/out, User Management, and the `users` projection registered with the event store. */
@Module({ imports: [], controllers: [AuthController, AdminUsersController], providers: [...IDENTITY_HANDLERS] })
export class IdentityApiModule implements OnModuleInit {
  constructor(private readonly store: EventStore) {}

  onModuleInit(): void {
    this.store.register(new UsersProjection());
  }
}
