import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventStore } from '@app/event-store';
import { DeleteDomainCommand } from './delete-domain.command.js';
import { domainMeta, ownDomain } from './domain-store.js';
import { saveDomain } from './link-store.js';

@CommandHandler(DeleteDomainCommand)
export class DeleteDomainHandler implements ICommandHandler<DeleteDomainCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: DeleteDomainCommand): Promise<void> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.actor, cmd.domainId);
    const [{ n }] = await this.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM links WHERE domain_id = $1', [domain.id]);
    domain.delete(n, cmd.actor.userId, new Date());
    await saveDomain(this.store, domain, domainMeta(cmd.actor, domain.ownerId, cmd.requestId));
  }
}
