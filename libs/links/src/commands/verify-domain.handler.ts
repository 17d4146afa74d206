import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { DomainDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { checkDomain } from '../verification/domain-check.js';
import { createTxtLookup, type TxtLookup } from '../verification/txt-lookup.js';
import { domainDto, domainMeta, ownDomain } from './domain-store.js';
import { VerifyDomainCommand } from './verify-domain.command.js';

@CommandHandler(VerifyDomainCommand)
export class VerifyDomainHandler implements ICommandHandler<VerifyDomainCommand> {
  private readonly lookup: TxtLookup;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.lookup = createTxtLookup(config.dnsServers);
  }

  async execute(cmd: VerifyDomainCommand): Promise<DomainDto> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.actor, cmd.domainId);
    await checkDomain(
      { store: this.store, dataSource: this.dataSource, lookup: this.lookup },
      domain,
      new Date(),
      domainMeta(cmd.actor, domain.ownerId, cmd.requestId),
    );
    return domainDto(this.dataSource, domain.id);
  }
}
