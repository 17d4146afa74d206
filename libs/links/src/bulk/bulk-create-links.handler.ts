import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { BulkCreateResponse, CreateLinkRequest } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { CreateLinkCommand } from '../commands/create-link.command.js';
import { CreateLinkHandler } from '../commands/create-link.handler.js';
import { createLinksBatch } from '../commands/create-links-batch.js';
import { LinkReader } from '../queries/link-reader.js';
import { BulkCreateLinksCommand } from './bulk-create-links.command.js';

@CommandHandler(BulkCreateLinksCommand)
export class BulkCreateLinksHandler implements ICommandHandler<BulkCreateLinksCommand> {
  private readonly createLink: CreateLinkHandler;

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: LinkReader,
  ) {
    this.createLink = new CreateLinkHandler(store, dataSource, config, links);
  }

  async execute(cmd: BulkCreateLinksCommand): Promise<BulkCreateResponse> {
    const { actor, requestId } = cmd;
    const createOne = (request: CreateLinkRequest, linkId?: string) =>
      this.createLink.create(new CreateLinkCommand(actor, request, requestId, linkId));
    const outcomes = await createLinksBatch(
      { store: this.store, dataSource: this.dataSource, config: this.config, createOne },
      actor,
      cmd.requests.map((r) => r.request),
      requestId,
    );
    const errors = [...cmd.invalid];
    const ids: string[] = [];
    outcomes.forEach((o, i) => ('error' in o ? errors.push({ index: cmd.requests[i].index, message: o.error.message }) : ids.push(o.id)));
    const links = ids.length ? await this.links.byIds(actor, ids) : [];
    const byId = new Map(links.map((l) => [l.id, l]));
    return { created: ids.flatMap((id) => byId.get(id) ?? []), errors: errors.sort((a, b) => a.index - b.index) };
  }
}
