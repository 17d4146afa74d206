import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { UUID_PATTERN, workspaceMetadata, type CreatedShareDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { LinksErrors } from '../model/links.errors.js';
import { CreateShareCommand } from './create-share.command.js';
import { Share } from './share.aggregate.js';
import { ShareErrors } from './share.errors.js';
import { SHARE_STREAM } from './share.events.js';
import { hashShareToken, linkNameInWorkspace, newShareToken, selectShares, storeSharePassword, tagInWorkspace } from './share-store.js';

@CommandHandler(CreateShareCommand)
export class CreateShareHandler implements ICommandHandler<CreateShareCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, subject, password, expiresAt, requestId }: CreateShareCommand): Promise<CreatedShareDto> {
    const { workspaceId } = actor;
    const at = new Date();
    Share.check({ ...subject, expiresAt, at });
    if (
      subject.linkId !== null &&
      (!UUID_PATTERN.test(subject.linkId) || (await linkNameInWorkspace(this.dataSource, workspaceId, subject.linkId)) === null)
    ) {
      throw LinksErrors.linkNotFound();
    }
    if (subject.tag !== null && !(await tagInWorkspace(this.dataSource, workspaceId, subject.tag))) throw ShareErrors.unknownTag();
    const shareId = randomUUID();
    const token = newShareToken();
    const passwordId = password ? await storeSharePassword(this.dataSource, shareId, password) : null;
    const share = Share.create({ shareId, workspaceId, ...subject, tokenHash: hashShareToken(token), passwordId, expiresAt, at, by: actor.userId });
    await this.store.append(SHARE_STREAM, shareId, 0, share.takePending(), workspaceMetadata(actor, workspaceId, requestId));
    const [dto] = await selectShares(this.dataSource, workspaceId, { id: shareId });
    return { ...dto, token, url: `${this.config.appUrl}/share/${token}` };
  }
}
