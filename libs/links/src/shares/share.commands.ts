import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { UUID_PATTERN, workspaceMetadata, type CreatedShareDto, type ShareDto, type WorkspaceAccess } from '@app/contracts';
import { ConcurrencyError, EventStore } from '@app/event-store';
import { LinksErrors } from '../model/links.errors.js';
import { Share } from './share.aggregate.js';
import { ShareErrors } from './share.errors.js';
import { SHARE_STREAM, type ShareEvent } from './share.events.js';
import { hashShareToken, linkNameInWorkspace, newShareToken, selectShares, storeSharePassword, tagInWorkspace } from './share-store.js';

/** Share one of the workspace's links or tags (the api's DTO checked the shape: lengths, date format). */
export class CreateShareCommand extends Command<CreatedShareDto> {
  constructor(
    readonly actor: WorkspaceAccess,
    readonly subject: { linkId: string | null; tag: string | null },
    readonly password: string | null,
    readonly expiresAt: Date | null,
    readonly requestId?: string,
  ) {
    super();
  }
}
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

/** Revoke at once: the page answers 404 from the next request on. */
export class RevokeShareCommand extends Command<void> {
  constructor(
    readonly actor: WorkspaceAccess,
    readonly shareId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(RevokeShareCommand)
export class RevokeShareHandler implements ICommandHandler<RevokeShareCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ actor, shareId, requestId }: RevokeShareCommand): Promise<void> {
    // Only a share still in the read model (a deleted link's or workspace's shares are gone with it).
    if (!UUID_PATTERN.test(shareId) || (await selectShares(this.dataSource, actor.workspaceId, { id: shareId })).length === 0)
      throw ShareErrors.notFound();
    const share = Share.fromEvents((await this.store.load(shareId)).map((e) => ({ type: e.type, data: e.data }) as ShareEvent));
    if (!share) throw ShareErrors.notFound();
    share.assertInWorkspace({ workspaceId: actor.workspaceId, everyWorkspace: false });
    share.revoke(actor.userId, new Date());
    try {
      await this.store.append(SHARE_STREAM, shareId, share.version, share.takePending(), workspaceMetadata(actor, actor.workspaceId, requestId));
    } catch (err) {
      if (err instanceof ConcurrencyError) throw ShareErrors.notFound(); // revoked by someone else meanwhile
      throw err;
    }
  }
}

/** The workspace's shares, newest first; `linkId` narrows to one link's (the Link Analytics dialog). */
export class GetSharesQuery extends Query<ShareDto[]> {
  constructor(
    readonly workspaceId: string,
    readonly linkId: string | null = null,
  ) {
    super();
  }
}
@QueryHandler(GetSharesQuery)
export class GetSharesHandler implements IQueryHandler<GetSharesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetSharesQuery): Promise<ShareDto[]> {
    if (q.linkId !== null && !UUID_PATTERN.test(q.linkId)) return Promise.resolve([]);
    return selectShares(this.dataSource, q.workspaceId, q.linkId ? { linkId: q.linkId } : {});
  }
}
