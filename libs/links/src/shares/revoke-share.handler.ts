import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UUID_PATTERN, workspaceMetadata } from '@app/contracts';
import { ConcurrencyError, EventStore } from '@app/event-store';
import { RevokeShareCommand } from './revoke-share.command.js';
import { Share } from './share.aggregate.js';
import { ShareErrors } from './share.errors.js';
import { SHARE_STREAM, type ShareEvent } from './share.events.js';
import { selectShares } from './share-store.js';

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
