import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { CreateLinkRequest, LinkDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { Link } from '../domain/link.aggregate.js';
import { generateShortCode } from '../domain/link-rules.js';
import { LinksErrors } from '../domain/links.errors.js';
import { selectLinks } from '../queries/link-rows.js';
import type { Actor } from './actor.js';
import { forbiddenHostsFor } from './host-policy.js';
import { isUuid, saveLink } from './link-store.js';

/** Shorten URL. An empty short code is generated here (8 of the 62 letters and digits, retried on collision). */
export class CreateLinkCommand extends Command<LinkDto> {
  constructor(
    readonly actor: Actor,
    readonly request: CreateLinkRequest,
    readonly requestId?: string,
  ) {
    super();
  }
}

const GENERATE_ATTEMPTS = 8;

@CommandHandler(CreateLinkCommand)
export class CreateLinkHandler implements ICommandHandler<CreateLinkCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: CreateLinkCommand): Promise<LinkDto> {
    const req = cmd.request;
    const domainId = req.domainId ? await this.usableDomain(cmd.actor.id, req.domainId) : null;
    const forbidden = await forbiddenHostsFor(this.dataSource, this.config, req.originalUrl);
    const custom = req.shortCode?.trim() ?? '';
    const metadata = { actorId: cmd.actor.id, requestId: cmd.requestId ?? null };
    for (let attempt = 1; ; attempt++) {
      const link = Link.create(
        {
          ...req,
          linkId: randomUUID(),
          ownerId: cmd.actor.id,
          shortCode: custom || generateShortCode(),
          generated: !custom,
          domainId,
          at: new Date(),
        },
        forbidden,
      );
      try {
        await saveLink(this.store, link, metadata);
        return (await selectLinks(this.dataSource, {
          where: 'l.id = $3',
          params: [link.id],
          offset: 0,
          withOwner: cmd.actor.isAdmin,
          shortBaseUrl: this.config.shortBaseUrl,
        }))[0];
      } catch (err) {
        const taken = err instanceof Error && 'code' in err && err.code === 'SHORT_CODE_TAKEN';
        if (!taken || custom) throw err;
        if (attempt >= GENERATE_ATTEMPTS) throw LinksErrors.codesExhausted();
      }
    }
  }

  /** Only the caller's own active domain (others' and unknown ones: the same 400, never a leak). */
  private async usableDomain(ownerId: string, domainId: string): Promise<string> {
    if (!isUuid(domainId)) throw LinksErrors.domainUnavailable();
    const rows = await this.dataSource.query('SELECT id FROM domains WHERE id = $1 AND owner_id = $2 AND is_active', [domainId, ownerId]);
    if (rows.length === 0) throw LinksErrors.domainUnavailable();
    return rows[0].id;
  }
}
