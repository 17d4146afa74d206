import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { DomainDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { CustomDomain } from '../model/custom-domain.aggregate.js';
import { AddDomainCommand } from './add-domain.command.js';
import { assertNameFree, domainDto, domainMeta, verificationStart } from './domain-store.js';
import { shortHostOf } from './host-policy.js';
import { saveDomain } from './link-store.js';

@CommandHandler(AddDomainCommand)
export class AddDomainHandler implements ICommandHandler<AddDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: AddDomainCommand): Promise<DomainDto> {
    const shortHost = shortHostOf(this.config);
    const isOwnHost = (h: string) => h === shortHost;
    await assertNameFree(this.dataSource, cmd.actor.workspaceId, CustomDomain.checkName(cmd.domain, isOwnHost));
    const domain = CustomDomain.add(
      { domainId: randomUUID(), ownerId: cmd.actor.workspaceId, domain: cmd.domain, at: new Date(), start: verificationStart(this.config) },
      isOwnHost,
    );
    await saveDomain(this.store, domain, domainMeta(cmd.actor, domain.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }
}
