import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { UUID_PATTERN, type CreatedInvitationDto, type WorkspaceAccess, type WorkspaceDto, type WorkspaceRole } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { findInvitation, selectWorkspaces } from './workspace-rows.js';
import { WorkspaceErrors } from './workspaces.errors.js';

const DAY_MS = 86_400_000;
const meta = (userId: string, requestId?: string) => ({ actorId: userId, requestId: requestId ?? null });
/** Invitation tokens: 32 random bytes, shown once in the link; only the SHA-256 is stored. */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** POST /api/workspaces/{id}/invitations (owner) → the single-use link, shown once. */
export class CreateInvitationCommand extends Command<CreatedInvitationDto> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly role: WorkspaceRole,
    readonly expiresInDays: number,
    readonly requestId?: string,
  ) {
    super();
  }
}
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
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
    const url = `${this.config.appUrl}/invite/${token}`;
    return { id, token, url, role: cmd.role, expiresAt: expiresAt.toISOString(), createdAt: at.toISOString() };
  }
}

/** DELETE /api/workspaces/{id}/invitations/{invitationId} (owner): the link stops working at once. */
export class RevokeInvitationCommand extends Command<void> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly invitationId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: RevokeInvitationCommand): Promise<void> {
    if (!UUID_PATTERN.test(cmd.invitationId)) throw WorkspaceErrors.invitationNotFound();
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.revoke(cmd.invitationId.toLowerCase(), cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
  }
}

/** POST /api/invitations/{token}/accept (signed in, approved): the caller joins with the invitation's role. */
export class AcceptInvitationCommand extends Command<{ workspace: WorkspaceDto }> {
  constructor(
    readonly userId: string,
    readonly token: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: AcceptInvitationCommand): Promise<{ workspace: WorkspaceDto }> {
    const found = cmd.token.length <= 200 ? await findInvitation(this.dataSource, hashInvitationToken(cmd.token)) : null;
    if (!found) throw WorkspaceErrors.invitationNotFound();
    const ws = await loadWorkspace(this.store, found.workspaceId);
    ws.accept(found.id, cmd.userId, new Date());
    await saveWorkspace(this.store, ws, meta(cmd.userId, cmd.requestId));
    return { workspace: (await selectWorkspaces(this.dataSource, cmd.userId, ws.id))[0] };
  }
}
