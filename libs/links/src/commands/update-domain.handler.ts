import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { DomainDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { CustomDomain } from '../model/custom-domain.aggregate.js';
import { LinksErrors } from '../model/links.errors.js';
import { assertNameFree, domainDto, domainMeta, ownDomain, verificationStart } from './domain-store.js';
import { linksPointingAt, shortHostOf } from './host-policy.js';
import { saveDomain } from './link-store.js';
import { UpdateDomainCommand } from './update-domain.command.js';

@CommandHandler(UpdateDomainCommand)
export class UpdateDomainHandler implements ICommandHandler<UpdateDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: UpdateDomainCommand): Promise<DomainDto> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.actor, cmd.domainId);
    const shortHost = shortHostOf(this.config);
    const isOwnHost = (h: string) => h === shortHost;
    const name = CustomDomain.checkName(cmd.domain, isOwnHost);
    if (name === domain.domain) return domainDto(this.dataSource, domain.id);
    await assertNameFree(this.dataSource, cmd.actor.workspaceId, name, domain.id);
    const loops = await linksPointingAt(this.dataSource, domain.id, name);
    if (loops > 0) throw LinksErrors.renameWouldLoop(loops, name);
    domain.rename(name, new Date(), isOwnHost, verificationStart(this.config));
    await saveDomain(this.store, domain, domainMeta(cmd.actor, domain.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }
}
