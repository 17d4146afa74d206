import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { LinkDto, UpdateLinkRequest } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { GetLinksHandler, GetLinksQuery } from '../queries/get-links.query.js';
import type { Actor } from './actor.js';
import { forbiddenHostsFor } from './host-policy.js';
import { loadLink, saveLink } from './link-store.js';

/** Edit Link: name and original URL (the short code and domain never change). */
export class UpdateLinkCommand extends Command<LinkDto> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly request: UpdateLinkRequest,
    readonly timezoneOffset = 0,
    readonly requestId?: string,
  ) {
    super();
  }
}

@CommandHandler(UpdateLinkCommand)
export class UpdateLinkHandler implements ICommandHandler<UpdateLinkCommand> {
  private readonly links: GetLinksHandler;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new GetLinksHandler(dataSource, config);
  }

  async execute(cmd: UpdateLinkCommand): Promise<LinkDto> {
    // Visible in the read model first: a link whose owner was deleted is gone even though its stream remains.
    await this.links.execute(new GetLinksQuery(cmd.actor, 0, cmd.linkId));
    const link = await loadLink(this.store, cmd.linkId);
    link.assertVisibleTo(cmd.actor);
    const forbidden = await forbiddenHostsFor(this.dataSource, this.config, cmd.request.originalUrl);
    link.update(cmd.request, cmd.actor.id, new Date(), forbidden);
    await saveLink(this.store, link, { actorId: cmd.actor.id, requestId: cmd.requestId ?? null });
    return (await this.links.execute(new GetLinksQuery(cmd.actor, cmd.timezoneOffset, cmd.linkId)))[0];
  }
}
