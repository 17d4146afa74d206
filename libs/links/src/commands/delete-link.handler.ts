import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { workspaceMetadata } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { LinksErrors } from '../model/links.errors.js';
import { isUuid, loadLink, saveLink } from './link-store.js';
import { DeleteLinkCommand } from './delete-link.command.js';

@CommandHandler(DeleteLinkCommand)
export class DeleteLinkHandler implements ICommandHandler<DeleteLinkCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: DeleteLinkCommand): Promise<void> {
    if (!isUuid(cmd.linkId) || (await this.dataSource.query<unknown[]>('SELECT 1 FROM links WHERE id = $1', [cmd.linkId])).length === 0) {
      throw LinksErrors.linkNotFound();
    }
    const link = await loadLink(this.store, cmd.linkId);
    link.assertInWorkspace(cmd.actor);
    link.delete(cmd.actor.userId, new Date());
    await saveLink(this.store, link, workspaceMetadata(cmd.actor, link.ownerId, cmd.requestId));
  }
}
