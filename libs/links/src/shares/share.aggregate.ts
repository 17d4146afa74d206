import { inWorkspace, type WorkspaceScope } from '@app/contracts';
import { Aggregate } from '@app/event-store';
import { ShareErrors } from './share.errors.js';
import { SHARE_CREATED, SHARE_REVOKED, type ShareCreated, type ShareEvent } from './share.events.js';

/** A shared stats page (docs/product.md "Shared stats"): created for one link or one tag, revoked once. */
export class Share extends Aggregate<ShareEvent> {
  id = '';
  workspaceId = '';
  revoked = false;

  /** Exactly one subject; an expiry in the future (checked again by `create`; a handler may check before hashing a password). */
  static check(input: { linkId: string | null; tag: string | null; expiresAt: Date | null; at: Date }): void {
    if ((input.linkId === null) === (input.tag === null)) throw ShareErrors.oneSubject();
    if (input.expiresAt && input.expiresAt.getTime() <= input.at.getTime()) throw ShareErrors.expiryInPast();
  }

  /** The link or tag was checked against the workspace by the handler. */
  static create(input: Omit<ShareCreated['data'], 'at' | 'expiresAt'> & { at: Date; expiresAt: Date | null }): Share {
    Share.check(input);
    const share = new Share();
    share.raise({
      type: SHARE_CREATED,
      data: { ...input, at: input.at.toISOString(), expiresAt: input.expiresAt?.toISOString() ?? null },
    });
    return share;
  }

  static fromEvents(history: readonly ShareEvent[]): Share | null {
    return history.length === 0 ? null : new Share().replay(history);
  }

  /** Shares of another workspace, and revoked ones, do not exist for the caller. */
  assertInWorkspace(scope: WorkspaceScope): void {
    if (this.id === '' || this.revoked || !inWorkspace(scope, this.workspaceId)) throw ShareErrors.notFound();
  }

  revoke(by: string, at: Date): void {
    if (this.revoked) throw ShareErrors.notFound();
    this.raise({ type: SHARE_REVOKED, data: { shareId: this.id, workspaceId: this.workspaceId, at: at.toISOString(), by } });
  }

  protected when(event: ShareEvent): void {
    switch (event.type) {
      case SHARE_CREATED:
        this.id = event.data.shareId;
        this.workspaceId = event.data.workspaceId;
        break;
      case SHARE_REVOKED:
        this.revoked = true;
        break;
    }
  }
}
