import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { DomainDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { CustomDomain } from '../domain/domain.aggregate.js';
import { LinksErrors } from '../domain/links.errors.js';
import { selectDomains } from '../queries/domain-rows.js';
import { generateSelfSigned } from '../ssl/self-signed.js';
import { AddDomainCommand, DeleteDomainCommand, RegenerateSslCommand, UpdateDomainCommand } from './domain-commands.js';
import { shortHostOf } from './host-policy.js';
import { isUuid, loadDomain, saveDomain } from './link-store.js';

/** Loads one of the owner's domains that still exists in the read model (a deleted owner's stream stays). */
async function ownDomain(store: EventStore, dataSource: DataSource, ownerId: string, domainId: string): Promise<CustomDomain> {
  if (!isUuid(domainId) || (await dataSource.query('SELECT 1 FROM domains WHERE id = $1', [domainId])).length === 0) {
    throw LinksErrors.domainNotFound();
  }
  const domain = await loadDomain(store, domainId);
  domain.assertOwnedBy(ownerId);
  return domain;
}

async function domainDto(dataSource: DataSource, id: string): Promise<DomainDto> {
  const [dto] = await selectDomains(dataSource, 'id = $1', [id]);
  if (!dto) throw LinksErrors.domainNotFound();
  return dto;
}

const meta = (ownerId: string, requestId?: string) => ({ actorId: ownerId, requestId: requestId ?? null });

@CommandHandler(AddDomainCommand)
export class AddDomainHandler implements ICommandHandler<AddDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: AddDomainCommand): Promise<DomainDto> {
    const shortHost = shortHostOf(this.config);
    const domain = CustomDomain.add({ domainId: randomUUID(), ownerId: cmd.ownerId, domain: cmd.domain, at: new Date() }, (h) => h === shortHost);
    await saveDomain(this.store, domain, meta(cmd.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }
}

@CommandHandler(UpdateDomainCommand)
export class UpdateDomainHandler implements ICommandHandler<UpdateDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: UpdateDomainCommand): Promise<DomainDto> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.ownerId, cmd.domainId);
    const shortHost = shortHostOf(this.config);
    domain.rename(cmd.domain, new Date(), (h) => h === shortHost);
    await saveDomain(this.store, domain, meta(cmd.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }
}

@CommandHandler(DeleteDomainCommand)
export class DeleteDomainHandler implements ICommandHandler<DeleteDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: DeleteDomainCommand): Promise<void> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.ownerId, cmd.domainId);
    const [{ n }] = await this.dataSource.query('SELECT count(*)::int AS n FROM links WHERE domain_id = $1', [domain.id]);
    domain.delete(n, cmd.ownerId, new Date());
    await saveDomain(this.store, domain, meta(cmd.ownerId, cmd.requestId));
  }
}

@CommandHandler(RegenerateSslCommand)
export class RegenerateSslHandler implements ICommandHandler<RegenerateSslCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: RegenerateSslCommand): Promise<DomainDto> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.ownerId, cmd.domainId);
    const now = new Date();
    domain.generateSsl(await generateSelfSigned(domain.domain, now), now);
    await saveDomain(this.store, domain, meta(cmd.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }
}
