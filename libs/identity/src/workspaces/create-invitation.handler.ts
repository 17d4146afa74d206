import { randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { type CreatedInvitationDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { CreateInvitationCommand } from './create-invitation.command.js';
import { hashInvitationToken } from './invitation-token.js';

const DAY_MS = 86_400_000;
@CommandHandler(CreateInvitationCommand)
export class CreateInvitationHandler implements ICommandHandler<CreateInvitationCommand> {
  constructor(
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: CreateInvitationCommand): Promise<CreatedInvitationDto> {
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    const token = randomBytes(32).toString('base64url');
    const at = new Date();
    const expiresAt = new Date(at.getTime() + cmd.expiresInDays * DAY_MS);
    const id = randomUUID();
    ws.invite({ invitationId: id, role: cmd.role, tokenHash: hashInvitationToken(token), expiresAt, by: cmd.access.userId, at });
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
    const url = `${this.config.appUrl}/invite/${token}`;
    return { id, token, url, role: cmd.role, expiresAt: expiresAt.toISOString(), createdAt: at.toISOString() };
  }
}
