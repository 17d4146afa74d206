import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import { LINK_DELETED } from '../model/link.events.js';
import { USER_DELETED, WORKSPACE_DELETED, emptiedWorkspace } from '../projections/user-deleted.js';
import { SHARE_CREATED, SHARE_EVENT_TYPES, SHARE_REVOKED, type ShareEvent } from './share.events.js';

/**
 * `shares` read model: the live shared stats pages. A revoked share's row goes (its page answers 404 at once); so do
 * the shares of a deleted link and of an emptied workspace. `share_passwords` is pruned with them but never emptied by
 * a rebuild: the hashes are not in the events (decision 0005).
 */
export class SharesProjection implements Projection {
  readonly name = 'shares';
  readonly tables = ['shares'];

  handles(eventType: string): boolean {
    return SHARE_EVENT_TYPES.includes(eventType) || eventType === LINK_DELETED || eventType === USER_DELETED || eventType === WORKSPACE_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    const emptied = emptiedWorkspace(stored.type, stored.data);
    if (emptied !== null) return deleteShares(m, 'owner_id = $1', emptied);
    if (stored.type === LINK_DELETED) return deleteShares(m, 'link_id = $1', (stored.data as { linkId: string }).linkId);
    const event = { type: stored.type, data: stored.data } as ShareEvent;
    switch (event.type) {
      case SHARE_CREATED: {
        const d = event.data;
        await m.query<unknown>(
          `INSERT INTO shares (id, owner_id, link_id, tag, token_hash, password_id, expires_at, created_at, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [d.shareId, d.workspaceId, d.linkId, d.tag, d.tokenHash, d.passwordId, d.expiresAt, d.at, d.by],
        );
        break;
      }
      case SHARE_REVOKED:
        await deleteShares(m, 'id = $1', event.data.shareId);
        break;
    }
  }
}

async function deleteShares(m: EntityManager, where: string, param: string): Promise<void> {
  const gone = await m.query<{ id: string }[]>(`SELECT id FROM shares WHERE ${where}`, [param]);
  if (gone.length === 0) return;
  const ids = gone.map((r) => r.id);
  await m.query<unknown>('DELETE FROM shares WHERE id = ANY($1::uuid[])', [ids]);
  await m.query<unknown>('DELETE FROM share_passwords WHERE share_id = ANY($1::uuid[])', [ids]);
}
