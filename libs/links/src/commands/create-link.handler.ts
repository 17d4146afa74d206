import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AppError, workspaceMetadata, type LinkDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { Link } from '../model/link.aggregate.js';
import { generateShortCode } from '../model/link-rules.js';
import { LinksErrors } from '../model/links.errors.js';
import { LinkReader } from '../queries/link-reader.js';
import { forbiddenHostsForUrls, urlsOfRequest } from './host-policy.js';
import { checkControls } from '../model/link-controls.js';
import { storeLinkPassword } from '../passwords/link-passwords.js';
import { isUuid, saveLink } from './link-store.js';
import { CreateLinkCommand } from './create-link.command.js';

const GENERATE_ATTEMPTS = 8;

@CommandHandler(CreateLinkCommand)
export class CreateLinkHandler implements ICommandHandler<CreateLinkCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: LinkReader,
  ) {}

  async execute(cmd: CreateLinkCommand): Promise<LinkDto> {
    const id = await this.create(cmd);
    const [link] = await this.links.byIds(cmd.actor, [id]);
    return link;
  }

  /** Decides and appends the new link; returns its id (imports need no read-back of the row they just wrote). */
  async create(cmd: CreateLinkCommand): Promise<string> {
    const req = cmd.request;
    const domainId = req.domainId ? await this.usableDomain(cmd.actor.workspaceId, req.domainId) : null;
    const forbidden = await forbiddenHostsForUrls(this.dataSource, this.config, urlsOfRequest(req));
    const { password, ...controls } = checkControls(req, forbidden);
    const custom = req.shortCode?.trim() ?? '';
    const metadata = workspaceMetadata(cmd.actor, cmd.actor.workspaceId, cmd.requestId);
    for (let attempt = 1; ; attempt++) {
      const link = Link.create(
        {
          ...req,
          linkId: cmd.linkId ?? randomUUID(),
          ownerId: cmd.actor.workspaceId,
          shortCode: custom || generateShortCode(),
          generated: !custom,
          domainId,
          at: new Date(),
        },
        forbidden,
      );
      const passwordId = password ? await storeLinkPassword(this.dataSource, link.id, password) : undefined;
      link.changeControls({ ...controls, passwordId }, cmd.actor.userId, new Date());
      if (cmd.imported) link.recordImport(cmd.imported, cmd.actor.userId, new Date());
      if (cmd.imported?.archived) link.setArchived(true, cmd.actor.userId, new Date());
      try {
        await saveLink(this.store, link, metadata);
        return link.id;
      } catch (err) {
        const taken = err instanceof AppError && err.code === 'SHORT_CODE_TAKEN';
        if (!taken || custom) throw err;
        if (attempt >= GENERATE_ATTEMPTS) throw LinksErrors.codesExhausted();
      }
    }
  }

  /** Only an active domain of the caller's workspace (others' and unknown ones: the same 400, never a leak). */
  private async usableDomain(ownerId: string, domainId: string): Promise<string> {
    if (!isUuid(domainId)) throw LinksErrors.domainUnavailable();
    const rows = await this.dataSource.query<{ id: string }[]>('SELECT id FROM domains WHERE id = $1 AND owner_id = $2 AND is_active', [
      domainId,
      ownerId,
    ]);
    if (rows.length === 0) throw LinksErrors.domainUnavailable();
    return rows[0].id;
  }
}
