import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventStore } from '@app/event-store';
import { LinksErrors } from '../domain/links.errors.js';
import type { Actor } from './actor.js';
import { isUuid, loadLink, saveLink } from './link-store.js';

/** Deletes a link, its clicks and rollups; the redirector stops answering for it at once. */
export class DeleteLinkCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteLinkCommand)
export class DeleteLinkHandler implements ICommandHandler<DeleteLinkCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: DeleteLinkCommand): Promise<void> {
    if (!isUuid(cmd.linkId) || (await this.dataSource.query('SELECT 1 FROM links WHERE id = $1', [cmd.linkId])).length === 0) {
      throw LinksErrors.linkNotFound();
    }
    const link = await loadLink(this.store, cmd.linkId);
    link.assertVisibleTo(cmd.actor);
    link.delete(cmd.actor.id, new Date());
    await saveLink(this.store, link, { actorId: cmd.actor.id, requestId: cmd.requestId ?? null });
  }
}
