import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { workspaceMetadata, type LinkDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { GetLinkHandler, GetLinkQuery } from '../queries/get-link.query.js';
import { OWNER_NAMES, type OwnerNames } from '../queries/owner-names.js';
import { forbiddenHostsForUrls, urlsOfRequest } from './host-policy.js';
import { checkControls } from '../model/link-controls.js';
import { storeLinkPassword } from '../passwords/link-passwords.js';
import { loadLink, saveLink } from './link-store.js';
import { UpdateLinkCommand } from './update-link.command.js';

@CommandHandler(UpdateLinkCommand)
export class UpdateLinkHandler implements ICommandHandler<UpdateLinkCommand> {
  private readonly links: GetLinkHandler;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OWNER_NAMES) ownerNames: OwnerNames,
  ) {
    this.links = new GetLinkHandler(dataSource, config, ownerNames);
  }

  async execute(cmd: UpdateLinkCommand): Promise<LinkDto> {
    // Visible in the read model first: a link whose owner was deleted is gone even though its stream remains.
    await this.links.execute(new GetLinkQuery(cmd.actor, cmd.linkId));
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
    return this.links.execute(new GetLinkQuery(cmd.actor, cmd.linkId, cmd.timezoneOffset));
  }
}
