import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { workspaceMetadata, type LinkDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { LinkReader } from '../queries/link-reader.js';
import { forbiddenHostsForUrls, urlsOfRequest } from './host-policy.js';
import { checkControls } from '../model/link-controls.js';
import { storeLinkPassword } from '../passwords/link-passwords.js';
import { loadLink, saveLink } from './link-store.js';
import { UpdateLinkCommand } from './update-link.command.js';

@CommandHandler(UpdateLinkCommand)
export class UpdateLinkHandler implements ICommandHandler<UpdateLinkCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: LinkReader,
  ) {}

  async execute(cmd: UpdateLinkCommand): Promise<LinkDto> {
    // Visible in the read model first: a link whose owner was deleted is gone even though its stream remains.
    await this.links.one(cmd.actor, cmd.linkId);
    const link = await loadLink(this.store, cmd.linkId);
    link.assertInWorkspace(cmd.actor);
    const forbidden = await forbiddenHostsForUrls(this.dataSource, this.config, urlsOfRequest(cmd.request));
    const { password, ...controls } = checkControls(cmd.request, forbidden);
    const at = new Date();
    link.update(cmd.request, cmd.actor.userId, at, forbidden);
    // Validated above, so a bad field changes nothing; the hash row is written before the event that names it.
    const passwordId = password ? await storeLinkPassword(this.dataSource, link.id, password) : password;
    link.changeControls({ ...controls, passwordId }, cmd.actor.userId, at);
    if (cmd.request.archived !== undefined) link.setArchived(cmd.request.archived, cmd.actor.userId, at);
    await saveLink(this.store, link, workspaceMetadata(cmd.actor, link.ownerId, cmd.requestId));
    return this.links.one(cmd.actor, cmd.linkId, cmd.timezoneOffset);
  }
}
